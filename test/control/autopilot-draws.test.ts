// The autopilot's draws (issue 26): each consultation draws from a generator seeded by hash(seed, sid), and sids
// follow from the consultation's number, so the same rules and the same partner calls give the same outcomes in
// any fresh simulator; over many calls each outcome takes about its weight's share; another seed, another sequence.
import { afterEach, describe, expect, it } from 'vitest';
import { drawsFor, weightedOutcome } from '../../src-main/core/domain/autopilot/draws';
import { makeSim, type Harness } from '../helpers';

const WEIGHTS = { accepted: 70, declined: 20, notanswered: 10 };
// An accepted call holds its vet until it is ended: the second step frees the vet (and is skipped for the others).
const videoRules = (seed: number) => ({ seed, rules: [{ match: { type: 'video' }, steps: [{ after: '30s', outcome: WEIGHTS }, { after: '1m', do: 'end' }] }] });

const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.sim.close();
});

/** A fresh simulator that opens `n` video calls, each resolved by the autopilot before the next; their outcomes in order. */
async function outcomes(seed: number, n: number): Promise<string[]> {
  const h = await makeSim();
  open.push(h);
  expect((await h.ctl.put('/autopilot', videoRules(seed))).status).toBe(200);
  expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
  await h.registerUser();
  await h.addPet();
  const sids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'video', pet_id: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    sids.push(r.body.data.channel);
    // Both steps run before the next call (and a new rate-limit window begins: the windows follow the simulator clock).
    expect((await h.ctl.post('/clock', { advance: '2m' })).status).toBe(200);
  }
  const listed = (await h.ctl.get(`/consultations?type=video&per_page=500`)).body.items as { sid: string; outcome: string }[];
  const bySid = new Map(listed.map((c) => [c.sid, c.outcome]));
  return sids.map((sid) => bySid.get(sid)!);
}

describe('weighted outcomes', () => {
  it('are the same sequence in two fresh simulators with the same seed and calls, and another with another seed', async () => {
    const first = await outcomes(7, 60);
    const second = await outcomes(7, 60);
    expect(first).toHaveLength(60);
    expect(first.every((o) => ['accepted', 'declined', 'notanswered'].includes(o))).toBe(true);
    expect(second).toEqual(first);
    expect(await outcomes(8, 60)).not.toEqual(first);
  }, 60_000);

  it('each take their weight\'s share within 10 points over 300 calls', async () => {
    const all = await outcomes(7, 300);
    const share = (o: string) => (100 * all.filter((x) => x === o).length) / all.length;
    for (const [outcome, weight] of Object.entries(WEIGHTS)) expect(Math.abs(share(outcome) - weight), `${outcome}: ${share(outcome)}%`).toBeLessThanOrEqual(10);
  }, 60_000);
});

describe('the generator', () => {
  it('depends on the seed and the sid only, and a draw lands on the outcome whose share of [0, 1) holds it', () => {
    const a = drawsFor(7, 'RMabc');
    const b = drawsFor(7, 'RMabc');
    const seq = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seq);
    expect(seq.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(drawsFor(7, 'RMabd')()).not.toBe(seq[0]);
    expect(drawsFor(8, 'RMabc')()).not.toBe(seq[0]);
    expect([0, 0.69, 0.7, 0.89, 0.9, 0.999999].map((d) => weightedOutcome(WEIGHTS, d))).toEqual(['accepted', 'accepted', 'declined', 'declined', 'notanswered', 'notanswered']);
    expect(weightedOutcome({ declined: 1 }, 0.99)).toBe('declined');
    expect(weightedOutcome({ notanswered: 3, accepted: 1 }, 0.2)).toBe('accepted'); // a fixed order, whatever the document's
  });
});
