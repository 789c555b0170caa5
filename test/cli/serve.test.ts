// `npm run serve` as a user runs it: ready line, flags, exit codes, signals, durability, a corrupt database.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, run, runToExit, tempDir, requireBuild } from './run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
const post = (url: string, path: string, body: object) => fetch(url + path, { method: 'POST', headers: auth, body: JSON.stringify(body) });

describe('serve CLI', () => {
  beforeAll(() => {
    requireBuild();
  });

  it('prints the ready line with the URL; A1 answers; SIGTERM exits 0', async () => {
    const dir = tempDir();
    const r = run(['--port', '0', '--data-dir', dir]);
    const url = await r.ready;
    expect(r.stdout()).toMatch(/^Vet consult simulator ready at http:\/\/127\.0\.0\.1:\d+ — UI http:\/\/127\.0\.0\.1:\d+\/__sim\/ — data /m);
    const ok = await fetch(`${url}/api/v2/demo/media-url`);
    expect(ok.status).toBe(200);
    expect((await fetch(`${url}/api/v2/nope/media-url`)).status).toBe(404);
    const root = await fetch(`${url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/__sim/');
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(existsSync(join(dir, 'simulator.sqlite'))).toBe(true);
  });
  it('--help and --version exit 0; a bad flag is a message and exit 2', async () => {
    const help = await runToExit(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--data-dir DIR');
    const version = await runToExit(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const bad = await runToExit(['--prot', '1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--prot'");
    const badPort = await runToExit(['--port', 'abc']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port must be a whole number from 0 to 65535, not "abc".');
  });
  it('a port in use is one clear line and exit 3', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as { port: number }).port;
    const r = await runToExit(['--port', String(port), '--in-memory']);
    blocker.close();
    expect(r.code).toBe(3);
    expect(r.stderr.trim()).toBe(`Port ${port} on 127.0.0.1 is already in use. Pick another with --port N (or --port 0 for any free port).`);
  });
  it('a data folder in use by another simulator is one clear line and exit 4', async () => {
    const dir = tempDir();
    const first = run(['--port', '0', '--data-dir', dir]);
    await first.ready;
    const second = await runToExit(['--port', '0', '--data-dir', dir]);
    expect(second.code).toBe(4);
    expect(second.stderr).toBe(`The data folder ${dir} is in use by another simulator (process ${first.child.pid}). Stop it first, or pick another folder with --data-dir DIR.\n`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });
  it('a data folder that is a file, or inside one, is one line that says so and how to choose another, exit 1', async () => {
    const file = join(tempDir(), 'notes.txt');
    writeFileSync(file, 'a file, not a folder');
    const r = await runToExit(['--port', '0', '--data-dir', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Could not open the data folder ${file}: it is a file, not a folder. Choose another with --data-dir DIR, or run with --in-memory.\n`);
    const inside = await runToExit(['--port', '0', '--data-dir', join(file, 'data')]);
    expect(inside.code).toBe(1);
    expect(inside.stderr).toBe(`Could not open the data folder ${join(file, 'data')}: a part of its path is a file, not a folder. Choose another with --data-dir DIR, or run with --in-memory.\n`);
  });
  it('a write acknowledged with 2xx survives kill -9 right after the response', async () => {
    const dir = tempDir();
    const first = run(['--port', '0', '--data-dir', dir]);
    const url = await first.ready;
    expect((await post(url, '/api/v2/demo/register-user', { first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await post(url, '/api/v2/demo/pet/add', { email: 'kim@example.com', name: 'Rex', age: '1 years', sex: 'male' })).status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = run(['--port', '0', '--data-dir', dir]);
    const url2 = await second.ready;
    const list = await fetch(`${url2}/api/v2/demo/pet/list?email=kim@example.com`, { headers: auth });
    expect((await list.json()).data.list.map((p: { name: string }) => p.name)).toEqual(['Rex']);
    second.child.kill('SIGTERM');
    await second.exited;
  });
  it('a reset acknowledged with 200 survives kill -9: the old data never comes back, the defaults do', async () => {
    const dir = tempDir();
    const first = run(['--port', '0', '--data-dir', dir]);
    const url = await first.ready;
    expect((await post(url, '/api/v2/demo/register-user', { first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await fetch(`${url}/__sim/v1/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = run(['--port', '0', '--data-dir', dir]);
    const url2 = await second.ready;
    expect((await (await fetch(`${url2}/__sim/v1/users`)).json()).total).toBe(0);
    expect((await (await fetch(`${url2}/__sim/v1/apps`)).json()).items.map((a: { name: string }) => a.name)).toEqual(['demo']);
    expect((await post(url2, '/api/v2/demo/register-user', { first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  });
  it('an unreadable database is moved aside, never deleted, and reported', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'simulator.sqlite'), 'this is not a database, it is a text file that lost its way');
    const r = run(['--port', '0', '--data-dir', dir]);
    const url = await r.ready;
    expect(r.stdout()).toMatch(/Notice: The database .*simulator\.sqlite could not be read; it was moved aside to .*simulator\.sqlite\.corrupt-/);
    const aside = readdirSync(dir).filter((f) => f.includes('.corrupt-'));
    expect(aside).toHaveLength(1);
    const health = await (await fetch(`${url}/__sim/v1/health`)).json();
    expect(health.notices[0]).toMatch(/moved aside/);
    expect((await fetch(`${url}/api/v2/demo/media-url`)).status).toBe(200);
    r.child.kill('SIGTERM');
    await r.exited;
  });
  it('--seed demo loads the demo data set; --in-memory writes nothing', async () => {
    const dir = tempDir();
    const r = run(['--port', '0', '--data-dir', join(dir, 'x'), '--in-memory', '--seed', 'demo']);
    const url = await r.ready;
    const users = await (await fetch(`${url}/__sim/v1/users`)).json();
    expect(users.total).toBe(6);
    expect(r.stderr()).toContain('Demo data loaded: 6 users, 10 consultations.');
    expect((await (await fetch(`${url}/__sim/v1/health`)).json()).notices).toEqual([]);
    r.child.kill('SIGINT');
    expect(await r.exited).toBe(0);
    expect(existsSync(join(dir, 'x', 'simulator.sqlite'))).toBe(false);
  });
});
