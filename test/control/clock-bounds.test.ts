// The clock can never brick a data folder (issue 29 item 1): a time no timestamp can show is refused with 422
// on the control API, and a stored clock that is somehow out of range (a hostile snapshot, a hand-edited file)
// is reported and set back to real time at start, so partner requests keep being answered.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../src-main/core/simulator';
import { tempDir } from '../cli/run';
import { makeSim, type Harness } from '../helpers';

let h: Harness | undefined;
afterEach(async () => h?.sim.close());

describe('the simulator clock bounds', () => {
  it('refuses instants outside years 1970–9999 with 422 and keeps answering partner requests', async () => {
    h = await makeSim();
    for (const set of ['+275760-09-13T00:00:00Z', '20261-01-01', '1969-12-31T23:59:59Z', 'tomorrow']) {
      const r = await h.ctl.post('/clock', { set });
      expect([set, r.status]).toEqual([set, 422]);
      expect(r.body.error.message).toMatch(/between 1970 and 9999/);
    }
    expect((await h.ctl.post('/clock', { set: '9995-01-01T00:00:00Z' })).status).toBe(200);
    const over = await h.ctl.post('/clock', { advance_seconds: 9 * 365 * 86400 });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe('The clock must stay between 1970-01-01 and 9999-12-31.');
    expect((await h.ctl.post('/clock', { set: '9999-12-31T00:00:00Z' })).status).toBe(200);
    const partner = await h.post('/api/v2/demo/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
    expect(partner.status).toBe(200);
    expect((await h.ctl.get('/requests?limit=1')).body.items[0].time).toMatch(/^9999-12-31T/);
  }, 60_000);

  it('a stored clock out of range is set back to real time at start, with a notice, and requests are answered', async () => {
    const dir = tempDir();
    const first = await createSimulator({ dataDir: dir });
    // As a hostile snapshot or a hand-edited file would leave it.
    await first.services.clock.change({ set: '2030-01-01T00:00:00Z' });
    first.ctx.uow.run((tx) => tx.meta.set('clock', JSON.stringify({ offsetMs: 1e300, frozenAt: null })));
    await first.close();
    const sim = await createSimulator({ dataDir: dir });
    expect(sim.notices).toContain('The stored simulator clock was not a time between 1970 and 9999; the clock runs in real time instead.');
    const { url } = await sim.listen(0, '127.0.0.1');
    const r = await fetch(`${url}/api/v2/demo/register-user`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' }),
    });
    expect(r.status).toBe(200);
    expect(Math.abs(Date.parse((await (await fetch(`${url}/__sim/v1/clock`)).json()).now) - Date.now())).toBeLessThan(60_000);
    await sim.close();
  });
});
