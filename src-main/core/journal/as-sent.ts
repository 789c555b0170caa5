// A journal entry as it was sent, as far as this process knows: what masking replaced is put back from
// process memory (originals.ts) and from nowhere else. In particular never from the app's current
// credentials: a request sent with a wrong password must replay with that wrong password, or a copied
// command would answer 200 where the request answered 401. What memory no longer holds stays masked, and
// `credentials` says so, so a client shows a placeholder instead of guessing.
import type { JournalEntry } from '../../../src-shared/control';
import { MASK } from './masking';
import type { Originals } from './originals';

export type SentEntry = JournalEntry & {
  /** `as_sent`: every value is the one sent; `masked`: some secrets are still `***` (forgotten since). */
  credentials: 'as_sent' | 'masked';
};

const MASKED_TEXT = /\*\*\*/;

/** Whether an entry still holds a masked value anywhere masking writes one. */
function stillMasked(e: JournalEntry): boolean {
  for (const v of Object.values(e.request_headers)) if (v === MASK || MASKED_TEXT.test(v)) return true;
  if (MASKED_TEXT.test(e.query)) return true;
  if (e.request_body !== null && MASKED_TEXT.test(e.request_body) && !e.request_params) return true;
  return !!e.request_params?.some((p) => p.value === MASK);
}

export function asSent(e: JournalEntry, o: Originals | undefined): SentEntry {
  if (!o) return { ...e, credentials: stillMasked(e) ? 'masked' : 'as_sent' };
  const sent: JournalEntry = {
    ...e,
    request_headers: o.headers ? { ...e.request_headers, ...o.headers } : e.request_headers,
    query: o.query ?? e.query,
    request_body: o.body ?? e.request_body,
    request_params: o.params ?? e.request_params,
  };
  // Originals hold every value masking replaced in this entry: what is left was sent as `***` itself.
  return { ...sent, credentials: 'as_sent' };
}
