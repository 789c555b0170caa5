// The partner pipeline answers repeated pure reads (A5, B4, B7) from a cache; every write must be
// visible to the very next read, whatever wrote it: a partner call, the vet in the UI, a reset, a restore.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from '../../src-main/core/partner/read-cache';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const A5 = '/api/v2/demo/pet/list?email=ann@example.com';
const B4 = '/client/user/1/v2/pet/list?email=ann@example.com';
const names = (r: { body: { data: { list: { name: string }[] } } }) => r.body.data.list.map((p) => p.name);

describe('pure reads are answered from the cache until something is written', () => {
  it('a repeated A5 is not recomputed; the same bytes come back', async () => {
    await h.registerUser();
    await h.addPet();
    const list = vi.spyOn(h.sim.services.pets, 'list');
    const first = await h.get(A5);
    const second = await h.get(A5);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('A2, A3 and A4 are each visible to the next A5 and B4', async () => {
    await h.registerUser();
    await h.addPet();
    expect(names(await h.get(A5))).toEqual(['Rex']);
    expect(names(await h.http.get(B4))).toEqual(['Rex']);
    const fido = await h.addPet('ann@example.com', { name: 'Fido' });
    expect(names(await h.get(A5))).toEqual(['Rex', 'Fido']);
    expect(names(await h.http.get(B4))).toEqual(['Rex', 'Fido']);
    await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: fido.id, pet: { name: 'Fido II' } });
    expect(names(await h.get(A5))).toEqual(['Rex', 'Fido II']);
    await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id: fido.id });
    expect(names(await h.get(A5))).toEqual(['Rex']);
    expect(names(await h.http.get(B4))).toEqual(['Rex']);
  });

  it('B8 switching the default pet changes the next list', async () => {
    await h.registerUser();
    await h.addPet();
    const fido = await h.addPet('ann@example.com', { name: 'Fido' });
    const isDefault = async () => (await h.http.get(B4)).body.data.list.map((p: { pivot?: object }) => p.pivot !== undefined);
    expect(await isDefault()).toEqual([true, false]);
    const r = await h.http.post(`/client/user/1/v2/pet/switch?email=ann@example.com&pet_id=${fido.id}`);
    expect(r.status).toBe(200);
    expect(await isDefault()).toEqual([false, true]);
  });

  it('A13 deleting the user turns the next A5 into the 404', async () => {
    await h.registerUser();
    await h.addPet();
    expect((await h.get(A5)).status).toBe(200);
    expect((await h.post('/api/v2/demo/delete-user', { email: 'ann@example.com', app_id: 1 })).status).toBe(200);
    const gone = await h.get(A5);
    expect(gone.status).toBe(404);
    expect(gone.body.success).toBe(false);
  });

  it('a reset and a snapshot restore are visible to the next read', async () => {
    await h.registerUser();
    await h.addPet();
    const snap = await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(names(await h.get(A5))).toEqual(['Rex']);
    await h.ctl.post('/reset');
    expect((await h.get(A5)).status).toBe(404);
    const restored = await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(snap.body as Buffer);
    expect(restored.status).toBe(200);
    expect(names(await h.get(A5))).toEqual(['Rex']);
  });

  it('different query strings and apps are different answers', async () => {
    await h.registerUser();
    await h.addPet();
    await h.addPet('ann@example.com', { name: 'Fido', species: 'cat' });
    expect(names(await h.get(`${A5}&search_value=cat`))).toEqual(['Fido']);
    expect(names(await h.get(`${A5}&search_value=dog`))).toEqual(['Rex']);
    expect(names(await h.get(A5))).toEqual(['Rex', 'Fido']);
  });

  it('a request with a body is never answered from the cache (its input is more than the query)', async () => {
    await h.registerUser();
    await h.addPet();
    await h.addPet('ann@example.com', { name: 'Fido', species: 'cat' });
    expect(names(await h.get(A5))).toEqual(['Rex', 'Fido']);
    const withBody = await h.http.get(A5).set('authorization', (await import('../helpers')).DEMO_AUTH).send({ search_value: 'cat' });
    expect(names(withBody)).toEqual(['Fido']);
  });
});

describe('ReadCache', () => {
  it('refuses an answer read before a write that happened while it was computed', () => {
    let version = 1;
    const cache = new ReadCache(() => version);
    const key = ReadCache.keyOf('A5', 1, 'email=a')!;
    version = 2; // a write landed between the read and the store
    cache.set(key, 'stale', 1);
    expect(cache.get(key)).toBeUndefined();
    cache.set(key, 'fresh', 2);
    expect(cache.get(key)).toBe('fresh');
    version = 3;
    expect(cache.get(key)).toBeUndefined();
  });

  it('caches only the pure reads, and stays bounded', () => {
    expect(ReadCache.keyOf('A6', 1, '')).toBeUndefined();
    expect(ReadCache.keyOf('A5', 1, 'q='.padEnd(4000, 'x'))).toBeUndefined();
    const cache = new ReadCache(() => 1);
    for (let i = 0; i < 2000; i++) cache.set(`k${i}`, 'v', 1);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1999')).toBe('v');
    const big = 'x'.repeat(200 * 1024);
    for (let i = 0; i < 100; i++) cache.set(`big${i}`, big, 1); // 20 M characters offered
    expect(cache.get('big0')).toBeUndefined();
    expect(cache.get('big99')).toBe(big);
    expect(cache.size().chars).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});
