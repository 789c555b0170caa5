// Issue 39's acceptance flow (flow.ts) through the SDK's client over the in-memory transport — the quick run of the
// same function the stdio (packed bin) and Streamable HTTP tests run — and what an agent reads afterwards: the
// consultation with its thread and timeline, a saved world loaded back, a wait that nothing meets.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acceptanceFlow } from './flow';
import { startWithAgent } from './harness';

let h: Awaited<ReturnType<typeof startWithAgent>>;
beforeAll(async () => {
  h = await startWithAgent('integration-agent');
});
afterAll(() => h.close());

it('drives a chat from talk-to-vet to feedback, explains the refused call, verifies it and saves the world', async () => {
  const { sid, scenario } = await acceptanceFlow(h.client, 'agent-app', 'integration-agent');

  const seen = await h.call<{ result: { timeline: { kind: string }[] }; thread: { items: { body: string }[] } }>('consultation', { sid });
  expect(seen.thread.items.map((m) => m.body)).toEqual(expect.arrayContaining(['Hello, how is Rex?', 'Limping since Monday']));
  expect(seen.result.timeline.map((t) => t.kind)).toEqual(expect.arrayContaining(['request', 'vet_action', 'message']));

  const loaded = await h.call<{ result: { loaded: boolean; consultations: number } }>('scenario', { action: 'load', document: scenario });
  expect(loaded.result).toMatchObject({ loaded: true, consultations: 1 });
  expect((await h.call<{ pass: boolean }>('verify', { assertion: 'no_5xx' })).pass).toBe(true);
});

it('answers a wait that nothing meets with matched: false and what it saw, within its timeout', async () => {
  const started = Date.now();
  const r = await h.call<{ matched: boolean; message: string }>('wait_for', { event: 'request', endpoint: 'A13', timeout_seconds: 0.5 });
  expect(r).toMatchObject({ matched: false, message: 'Nothing matched in 0.5 s; last_seen is what was there.' });
  expect(Date.now() - started).toBeLessThan(3000);
});
