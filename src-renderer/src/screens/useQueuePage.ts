// One page of a queue column: read when the column opens, its page turns or the data is reset; afterwards each
// consultation that changes is patched in from the card its event carries (issue 36) — replaced, moved out of
// a column whose statuses it left, or put on the first page of the one it joined — so a vet action costs no
// read of the four columns.
import { useEffect, useState } from 'react';
import { control } from '../api';
import { consultationFeed, noteStatuses, type ConsultationCard } from '../feeds';
import { useStore } from '../store';

export interface QueuePage { items: ConsultationCard[]; total: number }

/** The page after `cards` changed: newest first (the server's order, by id), at most `size` items. */
export function patchPage(page: QueuePage, cards: ConsultationCard[], statuses: string[], onFirstPage: boolean, size: number): QueuePage {
  let { items, total } = page;
  for (const card of cards) {
    const at = items.findIndex((c) => c.sid === card.sid);
    const belongs = statuses.includes(card.status);
    if (at >= 0 && belongs) items = items.map((c, i) => (i === at ? card : c));
    else if (at >= 0) {
      items = items.filter((_, i) => i !== at);
      total -= 1;
    } else if (belongs) {
      total += 1;
      if (onFirstPage) items = [...items, card].sort((a, b) => b.id - a.id).slice(0, size);
    }
  }
  return { items, total: Math.max(0, total) };
}

export function useQueuePage(statuses: string, page: number, size: number) {
  const reset = useStore((s) => s.versions.simulator ?? 0);
  const [data, setData] = useState<QueuePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    control.listConsultations({ query: { status: statuses, per_page: size, page } }).then(
      (d) => {
        if (!live) return;
        noteStatuses(d.items);
        setData(d);
        setError(null);
      },
      (e: Error) => live && setError(e.message),
    );
    const off = consultationFeed.subscribe((cards) => setData((now) => (now ? patchPage(now, cards, statuses.split(','), page === 1, size) : now)));
    return () => {
      live = false;
      off();
    };
  }, [statuses, page, size, reset]);
  return { data, error };
}
