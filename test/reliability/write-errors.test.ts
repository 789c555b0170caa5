// A full disk (behaviour §13): a write whose log append fails answers 500 and leaves no trace, the
// journal names the real error, failing checkpoints are reported and retried without ending the
// process, and once space is back writes work again and survive a crash.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Database, databaseFile } from '../../src-main/core/db/database';
import { nodeFs, type DurableFs } from '../../src-main/core/db/oplog';
import { createSimulator } from '../../src-main/core/simulator';
import { CLI, run, requireBuild } from '../cli/run';
import { DEMO_AUTH } from '../helpers';
import { rawRequest } from './raw-request';

const H = { authorization: DEMO_AUTH, 'content-type': 'application/json' };
const pet = (name: string) => JSON.stringify({ email: 'kim@example.com', name, age: '1 years', sex: 'male' });
const SERVER_ERROR = { success: false, status_code: 500, message: ['Server Error'], data: [] };

describe('write errors', () => {
  it('an injected ENOSPC: 500 with no trace, the journal names it, checkpoints retry, writes work again afterwards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vet-sim-'));
    const disk = { appendsFail: false, checkpointsFail: false };
    const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    const fs: DurableFs = {
      ...nodeFs,
      writeSync: (fd, buf, off) => {
        if (disk.appendsFail) throw enospc();
        return nodeFs.writeSync(fd, buf, off);
      },
      writeFileSync: (f, data) => {
        if (disk.checkpointsFail) throw enospc();
        nodeFs.writeFileSync(f, data);
      },
    };
    const sim = await createSimulator({ dataDir: dir, fs, checkpointIntervalMs: 50 });
    const http = request(sim.handle);
    expect((await http.post('/api/v2/demo/register-user').set(H).send({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await http.post('/api/v2/demo/pet/add').set(H).send(pet('Rex'))).status).toBe(200);

    // First only whole-file writes fail: the write is logged (200), its checkpoint keeps failing.
    disk.checkpointsFail = true;
    expect((await http.post('/api/v2/demo/pet/add').set(H).send(pet('Kept'))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    const health = (await http.get('/__sim/v1/health')).body;
    expect(health.status).toBe('ok');
    expect(health.notices.some((n: string) => /^Saving .*simulator\.sqlite failed \(ENOSPC: no space left on device, write\); retrying in \d+ s\./.test(n))).toBe(true);

    disk.appendsFail = true;
    const lost = await http.post('/api/v2/demo/pet/add').set(H).send(pet('Lost'));
    expect(lost.status).toBe(500);
    expect(lost.body).toEqual(SERVER_ERROR);
    const list = await http.get('/api/v2/demo/pet/list?email=kim@example.com').set(H);
    expect(list.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Kept']);
    const entries = (await http.get('/__sim/v1/requests?limit=5')).body.items as { id: number; path: string; status: number }[];
    const failed = entries.find((e) => e.path === '/api/v2/demo/pet/add' && e.status === 500)!;
    const detail = (await http.get(`/__sim/v1/requests/${failed.id}`)).body;
    expect(detail.error).toMatch(/^Error: ENOSPC: no space left on device, write/);
    expect(detail.error).not.toMatch(/cannot rollback/);

    disk.appendsFail = false;
    disk.checkpointsFail = false;
    expect((await http.post('/api/v2/demo/pet/add').set(H).send(pet('Back'))).status).toBe(200);
    // What the next start would read (the process "dies" here: no close, no checkpoint).
    const after = await Database.open({ file: databaseFile(dir) });
    expect(after.all<{ name: string }>('SELECT name FROM pets ORDER BY id').map((r) => r.name)).toEqual(['Rex', 'Kept', 'Back']);
    after.close();
    await sim.close();
  }, 60_000);

  it('a real full disk (a 3 MiB tmpfs): refused writes leave no trace, the process lives, and writes after space is back survive kill -9', async () => {
    requireBuild();
    if (process.env.SKIP_TMPFS === '1') return console.log('SKIP_TMPFS=1: the real full-disk trial was not run');
    const dir = mkdtempSync(join(tmpdir(), 'vet-sim-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', dir], { stdio: 'pipe' });
    } catch (err) {
      throw new Error(`Mounting a small tmpfs needs root (${(err as Error).message.split('\n')[0]}); set SKIP_TMPFS=1 to leave this trial out.`);
    }
    const filler = join(dir, 'filler');
    const started: ReturnType<typeof run>[] = [];
    try {
      const first = run(['--port', '0', '--data-dir', dir]);
      started.push(first);
      const url = await first.ready;
      await rawRequest('POST', `${url}/api/v2/demo/register-user`, H, JSON.stringify({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' }));
      expect((await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, pet('Rex'))).status).toBe(200);
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'pipe' });
      } catch {
        /* dd stops at "No space left on device", as intended */
      }
      // Appends that still fit in an allocated page succeed (and count); the first refused one must leave no trace.
      const accepted: string[] = [];
      let refused: { status: number; text: string } | undefined;
      for (let i = 0; i < 400 && !refused; i++) {
        const r = await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, pet(`Full${i}`));
        if (r.status === 200) accepted.push(`Full${i}`);
        else refused = { ...r, text: r.text };
      }
      expect(refused?.status).toBe(500);
      expect(JSON.parse(refused!.text)).toEqual(SERVER_ERROR);
      const names = async (u: string) => JSON.parse((await rawRequest('GET', `${u}/api/v2/demo/pet/list?email=kim@example.com&limit=1000`, H)).text).data.list.map((p: { name: string }) => p.name);
      expect(await names(url)).toEqual(['Rex', ...accepted]);
      // The checkpoint timer (every 10 s) fails on the full disk; the process must outlive it.
      await new Promise((r) => setTimeout(r, 11_500));
      expect(first.child.exitCode).toBe(null);
      expect((await rawRequest('GET', `${url}/__sim/v1/health`)).status).toBe(200);
      expect(first.stdout()).toMatch(/Notice: Saving .*simulator\.sqlite failed \(ENOSPC/);

      unlinkSync(filler);
      expect((await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, pet('Back'))).status).toBe(200);
      first.child.kill('SIGKILL');
      await first.exited;
      const second = run(['--port', '0', '--data-dir', dir]);
      started.push(second);
      const url2 = await second.ready;
      expect(await names(url2)).toEqual(['Rex', ...accepted, 'Back']);
      second.child.kill('SIGTERM');
      await second.exited;
      console.log(`full disk: ${accepted.length} writes fit in allocated pages, the next was refused with 500 and left no trace; the process outlived the failing checkpoint timer`);
    } finally {
      // A failed assertion must not leave a server holding the mount.
      for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL'), await s.exited;
      if (existsSync(filler)) unlinkSync(filler);
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

