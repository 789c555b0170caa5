// The request log's filter also finds requests by any text in their bodies (a channel sid, an e-mail, a pet's
// name): the summaries the log holds have no bodies, so the server's body search (GET /requests?q=) names the
// matching ids. Asked again when the text settles and when new requests arrive, never per key press.
// `searching` is true from the key press until the answer for that text is in: the log says it is searching
// instead of "No request matches" (over 20,000 requests the answer takes most of a second).
import { useEffect, useState } from 'react';
import { control } from '../api';
import { BODY_SEARCH_MAX_IDS as MAX_IDS, BODY_SEARCH_MIN_CHARS as MIN_CHARS } from '../../../src-shared/log-filter';
import type { JournalSummary } from '../store/shared';

const SETTLE_MS = 300;

export interface BodyMatches {
  /** Ids whose bodies hold the text, or null when the body search does not apply (short text, or it failed). */
  found: ReadonlySet<number> | null;
  searching: boolean;
}

export function useBodyMatches(text: string, newestId: number | undefined): BodyMatches {
  const [answer, setAnswer] = useState<{ needle: string; found: ReadonlySet<number> | null }>({ needle: '', found: null });
  const needle = text.trim();
  const applies = needle.length >= MIN_CHARS;
  useEffect(() => {
    if (!applies) return;
    let live = true;
    const timer = setTimeout(() => {
      control
        .listRequests({ query: { q: needle, limit: MAX_IDS } })
        .then((r) => live && setAnswer({ needle, found: new Set((r.items as JournalSummary[]).map((i) => i.id)) }))
        .catch(() => live && setAnswer({ needle, found: null })); // the path filter still works without it
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [needle, newestId, applies]);
  if (!applies) return { found: null, searching: false };
  // A new request arriving asks again, but the answer for this text stays shown meanwhile: no flicker.
  return answer.needle === needle ? { found: answer.found, searching: false } : { found: null, searching: true };
}
