// Replacing a pet photo again and again (issue 12 item 7): 60 uploads of 5 MB once grew the database to
// 315 MB and the server to 814 MB RSS. A pet keeps one photo, so both stay near one photo's worth.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, run, tempDir, requireBuild } from '../cli/run';

const DEMO = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const UPLOADS = 60;
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('pet photo replaced 60 times', () => {
  it('keeps the database and the server near one photo', async () => {
    requireBuild();
    const dir = tempDir();
    const server = run(['--port', '0', '--data-dir', dir]);
    const url = await server.ready;
    const post = async (path: string, body: object) =>
      fetch(url + path, { method: 'POST', headers: { authorization: DEMO, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/v2/demo/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' })).status).toBe(200);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(5 * 1000 * 1000)]);
    let profile = '';
    let peakRss = 0;
    for (let i = 0; i < UPLOADS; i++) {
      const form = new FormData();
      form.set('email', 'ann@example.com');
      form.set('pet_id', '1');
      form.set('profile', new Blob([png], { type: 'image/png' }), 'rex.png');
      const r = await fetch(`${url}/api/v2/demo/pet/update`, { method: 'POST', headers: { authorization: DEMO }, body: form });
      const body = await r.json();
      expect(r.status).toBe(200);
      if (profile) expect((await fetch(profile)).status).toBe(404); // the replaced photo is gone
      profile = body.data.pet.profile;
      peakRss = Math.max(peakRss, rssMiB(server.child.pid!));
    }
    const photo = await fetch(profile);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const dbMiB = statSync(join(dir, 'simulator.sqlite')).size / 1024 / 1024;
    console.log(`${UPLOADS} uploads of 5 MB: database ${dbMiB.toFixed(1)} MiB, peak RSS ${peakRss.toFixed(0)} MiB`);
    expect(dbMiB).toBeLessThan(25);
    expect(peakRss).toBeLessThan(400);
  }, 300_000);
});
