// Issue 37: a 404 says which lookup failed (an unknown app with the known ones listed, a pet of another user)
// and a 409 the current state, in the journal entry only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';
import { newestEntry } from './why-helpers';

let h: Harness;
beforeAll(async () => {
  h = await makeSim();
});
afterAll(async () => h.sim.close());

describe('the why of a 404', () => {
  it('an unknown slug lists the known apps', async () => {
    const r = await h.post('/api/v2/demoo/register-user', {});
    expect(r.status).toBe(404);
    expect(r.body.message).toEqual(['App Not Found']);
    const e = await newestEntry(h);
    expect(e.why?.summary).toBe('No app is named "demoo".');
    expect(e.why?.details.find((d) => d.label === 'Known apps')?.text).toBe('demo (id 1).');
  });

  it('a pet of another user, and an e-mail the app does not know', async () => {
    await h.registerUser();
    await h.addPet();
    await h.registerUser({ email: 'bob@example.com', first_name: 'Bob' });
    const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'bob@example.com', conversation_request: 'chat', pet_id: 1 });
    expect(r.body.message).toEqual(['Pet Not Found']);
    expect((await newestEntry(h)).why?.summary).toMatch(/^Pet 1 \(Rex\) belongs to another user, not to user bob@example\.com/);
    await h.post('/api/v2/demo/talk-to-vet', { email: 'carol@example.com', conversation_request: 'chat', pet_id: 1 });
    expect((await newestEntry(h)).why?.summary).toBe('The e-mail "carol@example.com" was not found among app demo\'s live users.');
  });
});

describe('the why of a 409', () => {
  it('says the current state of the consultation', async () => {
    const sid = await h.talk('chat');
    expect((await h.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(200);
    const again = await h.post('/api/v2/demo/end', { channel_sid: sid });
    expect(again.status).toBe(409);
    const e = await newestEntry(h);
    expect(e.why?.summary).toMatch(new RegExp(`^Chat ${sid} is ended`));
    expect(e.why?.details[0]).toMatchObject({ label: 'Current state' });
  });
});
