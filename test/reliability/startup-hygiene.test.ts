// Start-up hygiene: temp files of a killed checkpoint are removed, and a database whose header and
// tables read but whose pages are garbage is found by the check after start and reported, without
// holding up the ready line or the requests. A damaged entry in the middle of the write log is
// never skipped silently: replay stops there, the log is kept aside, and the count not applied is told.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, run, tempDir, requireBuild } from '../cli/run';
import { rawRequest } from './raw-request';

const H = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };

describe('start-up hygiene', () => {
  beforeAll(() => {
    requireBuild();
  });

  it('removes leftover temp files and reports garbage pages found after start', async () => {
    const dir = tempDir();
    const file = join(dir, 'simulator.sqlite');
    const first = run(['--port', '0', '--data-dir', dir]);
    const url = await first.ready;
    await rawRequest('POST', `${url}/api/v2/demo/register-user`, H, JSON.stringify({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' }));
    await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, JSON.stringify({ email: 'kim@example.com', name: 'Rex', age: '1 years', sex: 'male' }));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Garbage in an index page: the header, the schema and the first rows of every table still read.
    const bytes = readFileSync(file);
    const SQL = await initSqlJs();
    const db = new SQL.Database(new Uint8Array(bytes));
    const root = Number(db.exec("SELECT rootpage FROM sqlite_master WHERE name = 'pets_user'")[0].values[0][0]);
    db.close();
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0x5a, (root - 1) * pageSize, root * pageSize);
    writeFileSync(file, bytes);
    writeFileSync(`${file}.tmp-424242`, 'half of a checkpoint a killed process left');
    writeFileSync(join(dir, 'journal.sqlite.tmp-434343'), 'another');

    const second = run(['--port', '0', '--data-dir', dir]);
    const url2 = await second.ready;
    expect(existsSync(`${file}.tmp-424242`)).toBe(false);
    expect(existsSync(join(dir, 'journal.sqlite.tmp-434343'))).toBe(false);
    expect((await rawRequest('GET', `${url2}/api/v2/demo/media-url`)).status).toBe(200); // answering while the check runs
    let notices: string[] = [];
    for (let i = 0; i < 150 && !notices.length; i++) {
      notices = JSON.parse((await rawRequest('GET', `${url2}/__sim/v1/health`)).text).notices;
      if (!notices.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^The database .*simulator\.sqlite failed its integrity check \(.+\)\. Some records may not read; restore a snapshot or reset the simulator\.$/);
    expect(second.stdout()).toContain(`Notice: ${notices[0]}`);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 60_000);

  it('a damaged entry in the middle of the log is reported with the count not applied, kept aside, and later writes are safe', async () => {
    const dir = tempDir();
    const log = join(dir, 'simulator.sqlite-oplog');
    const first = run(['--port', '0', '--data-dir', dir]);
    const url = await first.ready;
    await rawRequest('POST', `${url}/api/v2/demo/register-user`, H, JSON.stringify({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' }));
    for (const name of ['A', 'B', 'C']) await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, JSON.stringify({ email: 'kim@example.com', name, age: '1 years', sex: 'male' }));
    first.child.kill('SIGKILL');
    await first.exited;
    const lines = readFileSync(log, 'utf8').split('\n');
    const damaged = lines.findIndex((l) => l.includes('"B"'));
    lines[damaged] = lines[damaged].slice(0, 40) + '\u0000\u0000 bit rot';
    writeFileSync(log, lines.join('\n'));
    const notApplied = lines.filter(Boolean).length - damaged;

    const second = run(['--port', '0', '--data-dir', dir]);
    const url2 = await second.ready;
    const notices = JSON.parse((await rawRequest('GET', `${url2}/__sim/v1/health`)).text).notices as string[];
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(new RegExp(`^Replaying the write log .*simulator\\.sqlite-oplog stopped: line ${damaged + 1} is damaged\\. ${notApplied} entries were not applied; the log was kept as .*simulator\\.sqlite-oplog\\.corrupt-`));
    expect(second.stdout()).toContain(`Notice: ${notices[0]}`);
    expect(readdirSync(dir).filter((f) => f.startsWith('simulator.sqlite-oplog.corrupt-'))).toHaveLength(1);
    const names = async (u: string) => JSON.parse((await rawRequest('GET', `${u}/api/v2/demo/pet/list?email=kim@example.com`, H)).text).data.list.map((p: { name: string }) => p.name);
    expect(await names(url2)).toEqual(['A']);
    expect((await rawRequest('POST', `${url2}/api/v2/demo/pet/add`, H, JSON.stringify({ email: 'kim@example.com', name: 'D', age: '1 years', sex: 'male' }))).status).toBe(200);
    second.child.kill('SIGKILL');
    await second.exited;

    const third = run(['--port', '0', '--data-dir', dir]);
    const url3 = await third.ready;
    expect(await names(url3)).toEqual(['A', 'D']);
    expect(JSON.parse((await rawRequest('GET', `${url3}/__sim/v1/health`)).text).notices).toEqual([]);
    third.child.kill('SIGTERM');
    await third.exited;
  }, 60_000);
});
