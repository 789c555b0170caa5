// Holds (behaviour §18) and close(): "stopping the simulator closes them". A simulator driven in-process through
// sim.handle (supertest, as test/helpers.ts does) never listens, so close() has no server to wait for: it closed
// the journal database in the same tick as closeAll(), before the pipeline had journaled the closed requests.
// The journal's batch timer then flushed into the closed sql.js database: an uncaught "out of memory".
import request from 'supertest';
import { expect, it } from 'vitest';
import { createSimulator } from '../../src-main/core/simulator';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('close() of a simulator that never listened, with a request held, leaves nothing running against the closed databases', async () => {
  const uncaught: string[] = [];
  const onUncaught = (err: Error) => void uncaught.push(err.stack ?? String(err));
  process.on('uncaughtException', onUncaught);
  try {
    const sim = await createSimulator({ inMemory: true, random: () => 0 });
    await request(sim.handle).post('/api/v2/demo/register-user').set('authorization', AUTH)
      .send({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
    expect((await request(sim.handle).post('/__sim/v1/holds').send({ endpoint: 'A5' })).status).toBe(201);
    const client = request(sim.handle).get('/api/v2/demo/pet/list?email=ann@example.com').set('authorization', AUTH)
      .then((r) => `answered ${r.status}`, () => 'closed');
    for (let i = 0; i < 50 && !sim.services.held.list().length; i++) await sleep(20);
    expect(sim.services.held.list()).toHaveLength(1);
    await sim.close();
    expect(await client).toBe('closed');
    await sleep(1500); // past the journal's batch timer
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  expect(uncaught).toEqual([]);
});
