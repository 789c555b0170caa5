// Brings the op log's writes back at start. A torn tail is cut off; a damaged entry (or one that no
// longer applies) stops replay there, and the log is kept aside with a notice saying how many
// entries were not applied — never skipped silently.
import { renameSync, truncateSync } from 'node:fs';
import type { NoticeBoard } from './notices';
import type { LogRecord } from './oplog';
import { readLog } from './oplog-reader';
import { stamp } from './startup';

/**
 * `apply` replays one record in its own transaction and throws if it cannot; records at or below
 * `checkpointedSeq` are in the database already. Returns whether the log held anything (the caller
 * then checkpoints it into the database and empties it before anything new is appended).
 */
export function recoverLog(file: string, checkpointedSeq: number, apply: (rec: LogRecord) => void, notices: NoticeBoard): boolean {
  const log = readLog(file);
  if (log.tornBytes) {
    truncateSync(file, log.completeBytes);
    notices.add(`The write log ${file} ended in a partial entry (${log.tornBytes} bytes, cut off by a crash or a full disk before it was acknowledged); it was removed.`);
  }
  // Records before a damaged line are sound and applied; replay stops at the damage.
  let stoppedAt = log.damagedLine ? `line ${log.damagedLine} is damaged` : '';
  let notApplied = log.notApplied;
  // A reset starts over from the empty database: what was logged before the last one is gone anyway.
  let first = 0;
  for (let i = log.records.length - 1; i > 0 && !first; i--) if (log.records[i].reset) first = i;
  /** Applies records from `start` on; the index and error of the first that cannot be applied, if any. */
  const replayFrom = (start: number): { at: number; err: Error } | undefined => {
    for (let i = start; i < log.records.length; i++) {
      const rec = log.records[i];
      if (rec.seq <= checkpointedSeq) continue;
      try {
        apply(rec);
      } catch (err) {
        return { at: i, err: err as Error };
      }
    }
    return undefined;
  };
  let failed = replayFrom(first);
  // The reset itself cannot be applied (it rolled back, nothing changed): the writes acknowledged before it
  // are then the latest state there is, so they are applied as a log without the reset would be.
  if (failed && failed.at === first && first > 0) failed = replayFrom(0);
  if (failed) {
    stoppedAt = `entry ${log.records[failed.at].seq} could not be applied (${failed.err.message})`;
    notApplied += log.records.length - failed.at;
  }
  if (stoppedAt) {
    const aside = `${file}.corrupt-${stamp()}`;
    renameSync(file, aside);
    notices.add(`Replaying the write log ${file} stopped: ${stoppedAt}. ${notApplied} ${notApplied === 1 ? 'entry was' : 'entries were'} not applied; the log was kept as ${aside}.`);
  }
  return log.records.length > 0 || log.tornBytes > 0 || !!stoppedAt;
}
