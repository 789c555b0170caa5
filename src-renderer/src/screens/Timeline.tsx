// A consultation's timeline (behaviour §16): every partner request that touched it, every vet action and
// every message, in time order; a hold's decision beside the request it held. A request links to its entry in the request log (#requests/<id>).
import type { ReactNode } from 'react';
import { AgentBadge, StatusBadge } from '../components/common';
import type { TimelineEntry } from '../store/shared';

const KIND: Record<TimelineEntry['kind'], string> = { request: 'Request', hold: 'Hold', vet_action: 'Vet', autopilot: 'Autopilot', message: 'Message' };
const ACTIONS: Record<string, string> = {
  accept: 'Accepted the chat', end: 'Ended', feedback: 'Wrote feedback',
  'outcome:accepted': 'Call outcome: accepted', 'outcome:declined': 'Call outcome: declined', 'outcome:notanswered': 'Call outcome: not answered',
};

function label(e: TimelineEntry): ReactNode {
  if (e.kind === 'request') {
    const what = [e.endpoint, e.method, e.path].filter(Boolean).join(' ') || e.text || 'Request';
    return (
      <>
        {e.request_id !== undefined ? <a href={`#requests/${e.request_id}`} title="Show this request in the request log">{what}</a> : what}
        {e.status !== undefined && <> <StatusBadge status={e.status} /></>}
      </>
    );
  }
  if (e.kind === 'vet_action') return e.text ?? (e.action ? ACTIONS[e.action] ?? e.action : 'Action');
  // A hold's decision on the request beside it (behaviour §18): links to that request too.
  if (e.kind === 'hold' && e.request_id !== undefined) return <a href={`#requests/${e.request_id}`} title="Show the held request in the request log">{e.text}</a>;
  return e.text ?? `#${e.index ?? '?'} from ${e.author ?? '?'}`;
}

/** `2026-11-24T21:03:46.123Z` → `21:03:46.123`: the request log's clock (UTC), to the millisecond. */
const timeOf = (at: string) => (/T(\d\d:\d\d:\d\d(\.\d+)?)/.exec(at)?.[1] ?? at);

export function Timeline({ entries }: { entries: TimelineEntry[] | undefined }) {
  if (!entries) return null; // a server without timelines
  return (
    <section className="timeline-panel" aria-labelledby="timeline-title" data-testid="timeline">
      <h3 className="h4" id="timeline-title">Timeline <span className="muted">({entries.length})</span></h3>
      {entries.length === 0 ? (
        <p className="muted small">Nothing has happened to this consultation yet.</p>
      ) : (
        <ol className="timeline" tabIndex={0} aria-label="Timeline entries">
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className={`tl ${e.kind}`} data-testid="timeline-entry" data-kind={e.kind}>
              <time dateTime={e.at} className="muted" title={`${e.at} (UTC)`}>{timeOf(e.at)}</time>
              <span className={`tl-kind ${e.kind}`}>{KIND[e.kind] ?? e.kind}</span>
              <span className="tl-label">{label(e)}<AgentBadge agent={e.agent} /></span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
