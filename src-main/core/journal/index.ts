// The request journal, one module (behaviour §14): what the rest of the core may use of it. Inside, one
// entry's way is capture (capture.ts, masking.ts: the request as read, secrets masked) → record (recorder.ts:
// one entry from the call and its answer) → store (service.ts: held in memory, pending.ts; deflated per batch,
// batch.ts; written by db/repositories/journal.ts) → read back (detail.ts, filter.ts, search.ts).
//
// The partner pipeline calls `record` as its last named step, once the answer is written (partner/pipeline.ts);
// nothing records from inside the answer itself.
import { recordExchange, type JournalExchange } from './recorder';

export { journalService, type JournalRecord, type JournalFilter, type JournalPage } from './service';
export type { Originals } from './originals';
export type { Journal, JournalExchange, EarlyCapture } from './recorder';
export { captureRequest } from './capture';
export { cut, BODY_LIMIT } from './cut';
export { isSecretKey, maskAuthorization, maskBody, maskBodyText, maskHeader, maskQuery, MASK } from './masking';
export { maskCards } from './value-shape';
export { journalTime } from './time';
export { isControlPath } from './filter';

/**
 * The journal's step of a partner call: one masked entry from the call alone (the request as read, the head as
 * set, the body as sent). Never throws: the answer is out, and a journal that cannot take the entry must not
 * turn it into an error answer.
 */
export function record(x: JournalExchange): void {
  try {
    recordExchange(x);
  } catch (err) {
    console.error(`The journal could not record ${x.req.method} ${x.path}: ${(err as Error).stack ?? String(err)}`);
  }
}
