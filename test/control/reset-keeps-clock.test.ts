// Issue 35 item 23: `reset()` silently unfroze the clock, so the README's own `beforeAll(freeze)` with
// `beforeEach(reset)` left every test after the first on real time. The clock is test configuration: a reset keeps
// it as the test set it; `{"clock":"real_time"}` (the UI's "also back to real time") puts it back on real time.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../src-main/core/simulator';
import { resetQuestion, resetRequest } from '../../src-renderer/src/screens/settings/reset-request';
import { tempDir } from '../cli/run';
import { makeSim, type Harness } from '../helpers';

let h: Harness | undefined;
afterEach(async () => h?.sim.close());

const FROZEN_AT = '2030-05-06T07:08:09.000Z';

describe('POST /reset and the clock', () => {
  it('a frozen clock stays frozen at its instant, through the lean route and through express', async () => {
    h = await makeSim();
    expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
    expect((await h.ctl.post('/clock', { set: FROZEN_AT })).status).toBe(200);
    await h.registerUser();
    expect((await h.ctl.post('/reset')).body).toEqual({ reset: true });
    expect((await h.ctl.get('/users')).body.total).toBe(0); // the data did go
    expect((await h.ctl.get('/clock')).body).toMatchObject({ now: FROZEN_AT, frozen: true, is_real_time: false });
    // An `identity` encoding is left to express (lean-routes.ts): the same answer there.
    const viaExpress = await h.http.post('/__sim/v1/reset').set('content-type', 'application/json').set('content-encoding', 'identity').send('{}');
    expect(viaExpress.body).toEqual({ reset: true });
    expect((await h.ctl.get('/clock')).body).toMatchObject({ now: FROZEN_AT, frozen: true });
    // And what is stamped after the reset reads the kept clock.
    await h.registerUser();
    expect((await h.ctl.get('/users')).body.items[0].created_at).toMatch(/^2030-05-06/);
  });

  it('a running clock keeps its offset', async () => {
    h = await makeSim();
    expect((await h.ctl.post('/clock', { advance_seconds: 14 * 86400 })).status).toBe(200);
    expect((await h.ctl.post('/reset')).status).toBe(200);
    const clock = (await h.ctl.get('/clock')).body;
    expect(clock.frozen).toBe(false);
    expect(Math.abs(clock.offset_ms - 14 * 86_400_000)).toBeLessThan(5_000);
  });

  it('{"clock":"real_time"} also puts it back on real time, on both routes; another value is refused 422 and nothing is reset', async () => {
    h = await makeSim();
    expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
    expect((await h.ctl.post('/reset', { clock: 'real_time' })).body).toEqual({ reset: true });
    expect((await h.ctl.get('/clock')).body).toMatchObject({ frozen: false, is_real_time: true });

    expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
    const viaExpress = await h.http.post('/__sim/v1/reset').set('content-type', 'application/json').set('content-encoding', 'identity').send('{"clock":"real_time"}');
    expect(viaExpress.body).toEqual({ reset: true });
    expect((await h.ctl.get('/clock')).body.is_real_time).toBe(true);

    await h.registerUser();
    expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
    for (const send of [() => h!.ctl.post('/reset', { clock: 'yes' }), () => h!.http.post('/__sim/v1/reset').set('content-type', 'application/json').set('content-encoding', 'identity').send('{"clock":1}')]) {
      const r = await send();
      expect(r.status).toBe(422);
      expect(r.body.error.message).toContain('clock is "keep" (the default) or "real_time"');
    }
    expect((await h.ctl.get('/users')).body.total).toBe(1);
    expect((await h.ctl.get('/clock')).body.frozen).toBe(true);
  });

  it('sim.reset() keeps the clock too, and sim.reset({ clock: "real_time" }) does not', async () => {
    h = await makeSim();
    expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
    await h.sim.reset();
    expect((await h.ctl.get('/clock')).body.frozen).toBe(true);
    await h.sim.reset({ clock: 'real_time' });
    expect((await h.ctl.get('/clock')).body.is_real_time).toBe(true);
  });

  it('the kept clock is written with the reset: a restart after it still has it', async () => {
    const dir = tempDir();
    const first = await createSimulator({ dataDir: dir });
    await first.services.clock.change({ frozen: true });
    await first.services.clock.change({ set: FROZEN_AT });
    await first.reset();
    await first.close();
    const second = await createSimulator({ dataDir: dir });
    try {
      expect(second.services.clock.state()).toMatchObject({ now: FROZEN_AT, frozen: true });
    } finally {
      await second.close();
    }
  });
});

describe('the UI\'s reset', () => {
  it('sends {"clock":"real_time"} only when "also back to real time" is ticked, and says what happens to the clock', () => {
    expect(resetRequest(false)).toEqual({});
    expect(resetRequest(true)).toEqual({ clock: 'real_time' });
    expect(resetQuestion(false)).toMatch(/The clock stays as it is\.$/);
    expect(resetQuestion(true)).toMatch(/The clock goes back to real time\.$/);
  });
});
