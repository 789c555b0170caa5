// One process per data folder (behaviour §13): a second start on the same folder is refused with
// one clear line and exit 4, the first keeps working, and a lock left by a killed process is taken over.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DataDirLocked, lockDataDir } from '../../src-main/core/db/data-dir-lock';
import { CLI, run, tempDir, requireBuild } from '../cli/run';
import { rawRequest } from './raw-request';

const H = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };

describe('two processes on one data folder', () => {
  beforeAll(() => {
    requireBuild();
  });

  it('the second start is refused with exit 4; after kill -9 of the first, the stale lock is taken over', async () => {
    const dir = tempDir();
    const first = run(['--port', '0', '--data-dir', dir]);
    const url = await first.ready;
    expect((await rawRequest('POST', `${url}/api/v2/demo/register-user`, H, JSON.stringify({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' }))).status).toBe(200);

    const second = run(['--port', '0', '--data-dir', dir]);
    expect(await second.exited).toBe(4);
    expect(second.stderr()).toBe(`The data folder ${dir} is in use by another simulator (process ${first.child.pid}). Stop it first, or pick another folder with --data-dir DIR.\n`);
    expect(second.stdout()).toBe('');

    // The first never noticed: its writes go on and are its own.
    expect((await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, JSON.stringify({ email: 'kim@example.com', name: 'Rex', age: '1 years', sex: 'male' }))).status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dir, 'simulator.lock'))).toBe(true);

    const third = run(['--port', '0', '--data-dir', dir]);
    const url3 = await third.ready;
    const list = await rawRequest('GET', `${url3}/api/v2/demo/pet/list?email=kim@example.com`, H);
    expect(JSON.parse(list.text).data.list.map((p: { name: string }) => p.name)).toEqual(['Rex']);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dir, 'simulator.lock'))).toBe(false); // released on a clean stop
  }, 60_000);

  it('tells a live owner from a dead one, a reused pid and an earlier life of this very pid', async () => {
    const dir = tempDir();
    const file = join(dir, 'simulator.lock');
    const mine = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLocked); // a second simulator in this process
    mine.release();
    expect(existsSync(file)).toBe(false);

    // Our own pid, but not a lock this process holds: a container restarted with the same pids.
    writeFileSync(file, `${process.pid}\n`);
    const again = lockDataDir(dir);
    expect(again.tookOverFrom).toBe(process.pid);
    again.release();

    // A live process that started after the lock was written has only inherited the pid.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((r) => other.once('spawn', r));
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(file, `${other.pid}\n`);
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLocked);
    expect((refused as DataDirLocked).pid).toBe(other.pid);
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(file, hourAgo, hourAgo);
    const reused = lockDataDir(dir);
    expect(reused.tookOverFrom).toBe(other.pid);
    reused.release();

    // A dead owner.
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    writeFileSync(file, `${other.pid}\n`);
    const taken = lockDataDir(dir);
    expect(taken.tookOverFrom).toBe(other.pid);
    taken.release();
  });

  it('a lock of another host (a second container on the same volume, both pid 1) holds while it is touched', () => {
    const dir = tempDir();
    const file = join(dir, 'simulator.lock');
    // Our own pid, as in every container, but written by another host a moment ago.
    writeFileSync(file, `${process.pid}\nother-container\n${Date.now()}\n`);
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLocked);
    expect((refused as DataDirLocked).message).toBe(
      `The data folder ${dir} is in use by another simulator (process ${process.pid} on host other-container: another container on the same volume?). Stop it first, or give each its own folder; after a crash there it is free 10 s later.`,
    );
    // Its heartbeat stopped 11 s ago (that container was killed): the lock is taken over.
    const past = new Date(Date.now() - 11_000);
    utimesSync(file, past, past);
    const taken = lockDataDir(dir);
    expect(taken.tookOverFrom).toBe(process.pid);
    expect(readFileSync(file, 'utf8').split('\n')[1]).toBe(hostname());
    taken.release();
    expect(existsSync(file)).toBe(false);
  });
});
