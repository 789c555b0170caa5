// Resend from the request log: a journaled request as it was sent (credentials included while the simulator
// remembers them), or as the tester edited it, sent by this browser to the partner API like any client's call.
// The simulator journals it as usual; the new entry is found in the journal afterwards (GET /requests?after=)
// by method and path, so the log can select it.
import { control, qs } from '../api';
import type { JournalSummary } from '../store/shared';
import { headersOf, unmaskedText, type SentEntry } from './replay';

export interface ResendDraft { method: string; url: string; headers: string; body: string }

/** The request as it was sent: the same origin as this page (the UI is served by the simulator itself). */
export function draftOf(e: SentEntry): ResendDraft {
  const query = e.query ? `?${unmaskedText(e.query, e)}` : '';
  return {
    method: e.method,
    url: `${location.origin}${e.path}${query}`,
    headers: headersOf(e).map(([k, v]) => `${k}: ${v}`).join('\n'),
    body: e.request_body === null ? '' : unmaskedText(e.request_body, e),
  };
}

/** Why a draft cannot be sent as written, in a sentence; undefined when it can. */
export function draftProblem(d: ResendDraft): string | undefined {
  if (!/^[A-Za-z]+$/.test(d.method.trim())) return 'The method must be a word such as GET or POST.';
  let url: URL;
  try {
    url = new URL(d.url.trim());
  } catch {
    return 'The URL must be a full address, such as http://localhost:4010/api/v2/demo/register.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must start with http:// or https://.';
  const bad = d.headers.split('\n').find((l) => l.trim() && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*:/.test(l.trim()));
  if (bad) return `Each header line must be "name: value"; this one is not: ${bad.trim().slice(0, 60)}`;
  if (/^(GET|HEAD)$/i.test(d.method.trim()) && d.body.trim()) return `A browser sends no body with ${d.method.trim().toUpperCase()}: empty the body, or change the method.`;
  return undefined;
}

const headerPairs = (text: string): [string, string][] =>
  text.split('\n').filter((l) => l.trim()).map((l) => {
    const i = l.indexOf(':');
    return [l.slice(0, i).trim(), l.slice(i + 1).trim()];
  });

export interface ResendResult { status: number; entryId: number | null }

/** Sends the draft and finds its journal entry (null when the journal did not show it within two seconds). */
export async function resend(d: ResendDraft): Promise<ResendResult> {
  const newest = ((await control.listRequests({ query: { limit: 1 } })).items as JournalSummary[])[0]?.id ?? 0;
  const method = d.method.trim().toUpperCase();
  const url = new URL(d.url.trim());
  const res = await fetch(url, { method, headers: headerPairs(d.headers), body: /^(GET|HEAD)$/.test(method) ? undefined : d.body, cache: 'no-store' });
  await res.arrayBuffer().catch(() => undefined); // read to the end: the simulator journals once it has answered
  for (let i = 0; i < 20; i++) {
    const after = (await control.listRequests({ query: { after: newest, limit: 200 } })).items as JournalSummary[];
    // The oldest one that fits: another client's calls may have come in meanwhile.
    const mine = after.filter((r) => r.method === method && r.path === url.pathname).sort((a, b) => a.id - b.id)[0];
    if (mine) return { status: res.status, entryId: mine.id };
    await new Promise((r) => setTimeout(r, 100));
  }
  return { status: res.status, entryId: null };
}
