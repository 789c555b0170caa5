// Issue 35 finding 5: sids follow row ids and a snapshot brought its JWT secret back, so after a restore an owner's
// token handed out after the snapshot was taken opened (read and wrote) another owner's chat created after the
// restore with the same sid. A restore now gives the data a new signing secret, in the same write as the data.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';
import { downloadSnapshot, uploadSnapshot } from './snapshot-files';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
  await h.registerUser({ first_name: 'Bob', email: 'bob@example.com' });
  await h.addPet('bob@example.com', { name: 'Tom', species: 'cat' });
});
afterEach(async () => h.sim.close());

const snapshot = () => downloadSnapshot(h.http);
const restore = (bytes: Buffer) => uploadSnapshot(h.http, bytes);

const chat = async (email: string, petId: number) => {
  const r = await h.post('/api/v2/demo/talk-to-vet', { email, conversation_request: 'chat', pet_id: petId });
  expect(r.status).toBe(200);
  return { sid: r.body.data.channel as string, token: JSON.parse(r.body.data.stringify_response).rtcToken as string };
};
const messages = (sid: string, token: string) => h.http.get(`/demo/main/talk-to-vet/api/consultations/${sid}`).set('authorization', `Bearer ${token}`);
const post = (sid: string, token: string, body: string) =>
  h.http.post(`/demo/main/talk-to-vet/api/consultations/${sid}/messages`).set('authorization', `Bearer ${token}`).send({ body });

describe('an owner token from before a restore', () => {
  it("opens neither the chat nor the thread of another owner's consultation made after it with the same sid", async () => {
    const taken = await snapshot();
    const ann = await chat('ann@example.com', 1); // made after the snapshot was taken
    expect((await messages(ann.sid, ann.token)).status).toBe(200);

    expect((await restore(taken)).status).toBe(200);
    const bob = await chat('bob@example.com', 2);
    expect(bob.sid).toBe(ann.sid); // the row id the restore handed out again

    const read = await messages(bob.sid, ann.token);
    expect(read.status).toBe(401);
    expect(JSON.stringify(read.body)).not.toContain('Tom');
    expect((await post(bob.sid, ann.token, 'I am not Bob')).status).toBe(401);
    const thread = (await h.ctl.get(`/consultations/${bob.sid}/messages`)).body.items as { author: string; body: string }[];
    expect(thread.filter((m) => m.author === 'owner')).toEqual([]);

    // Bob's own token works.
    const own = await messages(bob.sid, bob.token);
    expect(own.status).toBe(200);
    expect(own.body.consultation.pet.name).toBe('Tom');
    expect((await post(bob.sid, bob.token, 'Hello from Bob')).status).toBe(201);
  });

  it('a refused restore keeps the secret: tokens handed out before it still work', async () => {
    const ann = await chat('ann@example.com', 1);
    expect((await restore(Buffer.from('not a database'))).status).toBe(422);
    expect((await messages(ann.sid, ann.token)).status).toBe(200);
  });
});
