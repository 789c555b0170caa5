// The request log's filter also finds requests by any text in their bodies (a channel sid, an e-mail, a pet's
// name): the summaries the log holds have no bodies, so the server's body search (GET /requests?q=) names the
// matching ids. Asked again when the text settles and when new requests arrive, never per key press.
import { useEffect, useState } from 'react';
import { api, qs } from '../api';
import { BODY_SEARCH_MAX_IDS as MAX_IDS, BODY_SEARCH_MIN_CHARS as MIN_CHARS } from '../../../src-shared/log-filter';
import type { JournalSummary } from '../store/shared';

const SETTLE_MS = 300;

export function useBodyMatches(text: string, newestId: number | undefined): ReadonlySet<number> | null {
  const [found, setFound] = useState<ReadonlySet<number> | null>(null);
  const needle = text.trim();
  useEffect(() => {
    if (needle.length < MIN_CHARS) {
      setFound(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api
        .get<{ items: JournalSummary[] }>(`/requests${qs({ q: needle, limit: MAX_IDS })}`)
        .then((r) => live && setFound(new Set(r.items.map((i) => i.id))))
        .catch(() => live && setFound(null)); // the path filter still works without it
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [needle, newestId]);
  return found;
}
