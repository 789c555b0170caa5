// Pet photos under /media (behaviour §7; issue 12 item 7): only the four image types are ever served,
// with headers that keep a browser from treating the bytes as a page, and a pet keeps one photo.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const NOT_FOUND = { success: false, status_code: 404, message: ['Media Not Found'], data: [] };

async function upload(image: Buffer = PNG): Promise<string> {
  const r = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
    .field('email', 'ann@example.com').field('pet_id', '1').attach('profile', image, { filename: 'rex.png', contentType: 'image/png' });
  expect(r.status).toBe(200);
  return new URL(r.body.data.pet.profile).pathname;
}
const mediaRows = (petId = 1) => Number(h.sim.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM media WHERE pet_id = ?', [petId])!.n);

describe('GET /media', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });

  it('serves an image as its type with nosniff and a CSP that forbids everything', async () => {
    const img = await h.http.get(await upload());
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.compare(img.body as Buffer, PNG)).toBe(0);
  });

  it.each(['text/html', 'image/svg+xml', 'application/javascript', 'constructor'])('never serves a stored %s row (a hostile snapshot): 404 envelope, not the bytes', async (mime) => {
    const page = '<script>fetch("/__sim/v1/reset",{method:"POST"})</script>';
    h.sim.ctx.uow.run((tx) => tx.pets.saveMedia({ app_id: 1, pet_id: 1, file_name: 'x.html', mime, data: new TextEncoder().encode(page), created_at: '2026-01-01 00:00:00' }));
    const r = await h.http.get('/media/demo/pets/1/x.html');
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.body).toEqual(NOT_FOUND);
    expect(r.text).not.toContain('<script>');
  });
});

describe('replacing a pet photo', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });

  it('removes the old one: its URL answers 404 and the pet has one media row', async () => {
    const first = await upload();
    const second = await upload(Buffer.concat([PNG, Buffer.from([1])]));
    expect(second).not.toBe(first);
    expect((await h.http.get(first)).body).toEqual(NOT_FOUND);
    expect((await h.http.get(second)).status).toBe(200);
    expect(mediaRows()).toBe(1);
  });

  it('keeps one row however often the photo is replaced', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024, 7)]);
    for (let i = 0; i < 20; i++) await upload(big);
    expect(mediaRows()).toBe(1);
    expect(Number(h.sim.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM media')!.n)).toBe(1);
  });

  it('a removed pet keeps its photo (soft delete), and other pets keep theirs', async () => {
    await h.addPet('ann@example.com', { name: 'Tom' });
    const rex = await upload();
    const tom = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('pet_id', '2').attach('profile', PNG, { filename: 'tom.png', contentType: 'image/png' });
    await upload();
    expect((await h.http.get(new URL(tom.body.data.pet.profile).pathname)).status).toBe(200);
    expect(mediaRows(2)).toBe(1);
    expect((await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id: 2 })).status).toBe(200);
    expect((await h.http.get(new URL(tom.body.data.pet.profile).pathname)).status).toBe(200);
    expect((await h.http.get(rex)).status).toBe(404);
  });
});
