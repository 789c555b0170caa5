// Issue 37: refusals the simulator's own rules made say which rule: the rate limit's window and when it resets,
// the vets that are busy or offline behind a 503, the fault rule that answered.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';
import { newestEntry } from './why-helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
});
afterEach(async () => h.sim.close());

describe('the why of answers the simulator made', () => {
  it('a 429 gives the window and when it resets', async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 1 });
    await h.post('/api/v2/demo/register-user', {});
    const r = await h.post('/api/v2/demo/register-user', {});
    expect(r.status).toBe(429);
    const e = await newestEntry(h);
    expect(e.why?.summary).toBe('App demo used up its rate limit: 1 requests per 60-second window.');
    const resets = e.why?.details.find((d) => d.label === 'Resets')?.text ?? '';
    const at = /^at (\S+) \(in (\d+) s\)\.$/.exec(resets);
    expect(at, resets).not.toBeNull();
    expect(new Date(at![1]).getTime()).toBe(Number(r.headers['x-ratelimit-reset']) * 1000);
    expect(Number(at![2])).toBe(Number(r.headers['retry-after']));
  });

  it('a 503 names the busy and the offline vets', async () => {
    await h.registerUser();
    await h.addPet();
    const busy = await h.talk('chat');
    const held = (await h.ctl.get(`/consultations/${busy}`)).body;
    await h.ctl.post(`/consultations/${busy}/accept`);
    const vets = (await h.ctl.get('/vets')).body.items as { id: string }[];
    for (const v of vets) if (v.id !== held.vet_id && v.id !== held.vet?.id) await h.ctl.patch(`/vets/${v.id}`, { online: false });
    const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
    expect(r.status).toBe(503);
    const e = await newestEntry(h);
    expect(e.why?.summary).toBe(`No vet is online and free: 1 busy, ${vets.length - 1} offline, of ${vets.length}.`);
    expect(e.why?.details.find((d) => d.label === 'Busy')?.text).toContain(`in ${busy} (active)`);
    const offline = e.why?.details.find((d) => d.label === 'Offline')?.text ?? '';
    for (const v of vets) if (!offline.includes(v.id)) expect(e.why?.details.find((d) => d.label === 'Busy')?.text).toContain(v.id);
  });

  it('a fault rule names itself', async () => {
    const put = await h.ctl.put('/faults', { items: [{ endpoint: 'A7', status: 503, message: 'Down for a drill' }] });
    const id = (put.body.items as { id: string }[])[0].id;
    const r = await h.post('/api/v2/demo/register-user', {});
    expect(r.status).toBe(503);
    expect(r.body.message).toEqual(['Down for a drill']);
    const e = await newestEntry(h);
    expect(e.why?.summary).toBe(`Fault rule ${id} answered this request; the API never saw it.`);
  });

  it('an answer that is no refusal has no why', async () => {
    await h.registerUser();
    expect((await newestEntry(h)).why).toBeNull();
  });
});
