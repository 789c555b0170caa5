// Domain rules through the shape every use case has, without HTTP: services from the composition root,
// driven inside `uow.run(tx => …)`. The unit of work's own promises: events only after COMMIT, none on
// rollback, no write outside a unit, a unit inside a unit is one transaction.
import { describe, expect, it } from 'vitest';
import type { StateEvent } from '../../src-shared/control';
import type { Tx } from '../../src-main/core/domain/context';
import { DomainError } from '../../src-main/core/errors';
import { openDomain } from './domain-harness';

async function withAnn() {
  const d = await openDomain();
  const app = d.services.apps.byId(1)!;
  const ann = d.services.users.registerApplicationUser(app, { email: 'ann@example.com', first_name: 'Ann', role: 'users', dev_type: 'ios' });
  /** Ann as stored now. */
  const owner = () => d.uow.run((tx) => tx.users.byId(ann.id)!);
  const addPet = (name: string) => d.uow.run((tx) => d.services.pets.add(tx, app, owner(), { name, age: '1 years', sex: 'male' }));
  return { ...d, app, owner, addPet };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? { status: err.status, messages: err.messages } : err;
  }
  throw new Error('expected a refusal');
};

describe("the default pet (behaviour: a user's first pet is its default)", () => {
  it('the first pet added becomes the default; later ones do not take it', async () => {
    const { addPet, owner } = await withAnn();
    const rex = addPet('Rex');
    expect(rex.defaultPetId).toBe(rex.pet.id);
    const mia = addPet('Mia');
    expect(mia.defaultPetId).toBe(rex.pet.id);
    expect(owner().default_pet_id).toBe(rex.pet.id);
  });

  it('removing the default hands it to the most recently added remaining pet; removing the last pet leaves none', async () => {
    const { addPet, owner, uow, services } = await withAnn();
    const [rex, mia, odd] = ['Rex', 'Mia', 'Odd'].map((n) => addPet(n).pet);
    uow.run((tx) => services.pets.remove(tx, owner(), rex.id));
    expect(owner().default_pet_id).toBe(odd.id);
    uow.run((tx) => services.pets.remove(tx, owner(), mia.id)); // not the default: nothing moves
    expect(owner().default_pet_id).toBe(odd.id);
    uow.run((tx) => services.pets.remove(tx, owner(), odd.id));
    expect(owner().default_pet_id).toBeNull();
    expect(refusal(() => uow.run((tx) => services.pets.remove(tx, owner(), odd.id)))).toEqual({ status: 404, messages: ['Pet Not Found'] });
  });

  it('switching the default answers as Laravel sync does, and switching to the default changes nothing', async () => {
    const { addPet, owner, uow, services } = await withAnn();
    const [rex, mia] = ['Rex', 'Mia'].map((n) => addPet(n).pet);
    expect(uow.run((tx) => services.pets.switchDefault(tx, owner(), mia.id))).toEqual({ attached: [mia.id], detached: [rex.id], updated: [] });
    expect(uow.run((tx) => services.pets.switchDefault(tx, owner(), mia.id))).toEqual({ attached: [], detached: [], updated: [] });
    expect(owner().default_pet_id).toBe(mia.id);
  });
});

describe('the consultation state machine (behaviour §9)', () => {
  async function opened(type: 'chat' | 'video') {
    const d = await withAnn();
    const pet = d.addPet('Rex').pet;
    const { consultations } = d.services;
    const sid = d.uow.run((tx) => consultations.open(tx, d.app, d.owner(), pet, { type, family: 'application' }).consultation.sid);
    const status = () => d.uow.run((tx) => tx.consultations.bySid(sid)!.status);
    /** One use case's step, as a unit of work of its own. */
    const step = <T>(fn: (tx: Tx) => T) => () => d.uow.run(fn);
    return { ...d, sid, status, step, consultations };
  }

  it('chat: waiting → active → ended; accepting twice and ending twice are refused', async () => {
    const { sid, status, step, consultations: c } = await opened('chat');
    expect(status()).toBe('waiting');
    step((tx) => c.accept(tx, sid))();
    expect(status()).toBe('active');
    expect(refusal(step((tx) => c.accept(tx, sid)))).toEqual({ status: 409, messages: ['Chat is active, not waiting.'] });
    step((tx) => c.endChat(tx, sid))();
    expect(status()).toBe('ended');
    expect(refusal(step((tx) => c.endChat(tx, sid)))).toEqual({ status: 409, messages: ['Chat already ended'] });
  });

  it('video: ringing → one outcome; an accepted call ends as completed; a chat is not a room for the partner', async () => {
    const { sid, status, step, app, consultations: c } = await opened('video');
    expect(status()).toBe('ringing');
    expect(refusal(step((tx) => c.accept(tx, sid)))).toEqual({ status: 409, messages: ['Only chats are accepted; record an outcome for a video call.'] });
    expect(refusal(step((tx) => c.endChat(tx, sid)))).toEqual({ status: 409, messages: ['Only an accepted call can be ended; this call is ringing.'] });
    step((tx) => c.recordOutcome(tx, sid, 'accepted'))();
    expect(refusal(step((tx) => c.recordOutcome(tx, sid, 'declined')))).toEqual({ status: 409, messages: ['Video call outcome already recorded (accepted).'] });
    expect(refusal(step((tx) => c.endChat(tx, sid, app.id)))).toEqual({ status: 404, messages: ['Channel Not Found'] });
    step((tx) => c.endChat(tx, sid))();
    expect(status()).toBe('completed');
  });
});

describe('the unit of work', () => {
  it('publishes its events after COMMIT, and none when it rolls back', async () => {
    const { ctx, uow, app, owner, services } = await withAnn();
    const seen: StateEvent[] = [];
    ctx.events.on('state', (e) => seen.push(e));
    const during: StateEvent[][] = [];
    uow.run((tx) => {
      services.pets.add(tx, app, owner(), { name: 'Rex', age: '1 years', sex: 'male' });
      during.push([...seen]);
    });
    expect(during).toEqual([[]]);
    expect(seen).toEqual([{ entity: 'pet', id: '1', action: 'created' }]);
    expect(() =>
      uow.run((tx) => {
        services.pets.add(tx, app, owner(), { name: 'Mia', age: '1 years', sex: 'male' });
        throw new Error('a later step fails');
      }),
    ).toThrow('a later step fails');
    expect(seen).toHaveLength(1);
    expect(uow.run((tx) => tx.pets.liveOfUser(owner().id)).map((p) => p.name)).toEqual(['Rex']);
  });

  it('refuses a logged write outside it, a write through a unit that has ended, and a unit that awaits', async () => {
    const { db, uow } = await withAnn();
    expect(() => db.run("INSERT INTO meta (key, value) VALUES ('k', 'v')")).toThrow(/outside a unit of work/);
    const kept = uow.run((tx) => tx);
    expect(() => kept.meta.set('k', 'v')).toThrow(/unit of work that has ended/);
    expect(() => uow.run(async (tx) => tx.meta.set('k', 'v'))).toThrow(/must be synchronous/);
    expect(db.get("SELECT value FROM meta WHERE key = 'k'")).toBeUndefined();
  });

  it('a unit run inside another is part of it: one commit, one data version', async () => {
    const { db, uow } = await withAnn();
    const before = db.dataVersion;
    uow.run((outer) => {
      outer.meta.set('a', '1');
      uow.run((inner) => {
        expect(inner).toBe(outer);
        inner.meta.set('b', '2');
      });
    });
    expect(db.dataVersion).toBe(before + 1);
  });
});
