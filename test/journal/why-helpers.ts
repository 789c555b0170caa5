// The why of a refused partner call (issue 37), as a tester reads it: GET /__sim/v1/requests/:id of the newest entry.
import type { Harness } from '../helpers';

export interface Why {
  summary: string;
  details: { label: string; text: string }[];
}

/** The newest journal entry, in full, as the control API answers it. */
export async function newestEntry(h: Harness): Promise<{ status: number; why: Why | null; response_body: string | null }> {
  const list = await h.ctl.get('/requests?limit=1');
  const id = (list.body.items as { id: number }[])[0].id;
  return (await h.ctl.get(`/requests/${id}`)).body;
}

/** The why's summary and details as one text, for assertions on what it says. */
export const whole = (w: Why | null) => (w ? [w.summary, ...w.details.map((d) => `${d.label}: ${d.text}`)].join('\n') : '');
