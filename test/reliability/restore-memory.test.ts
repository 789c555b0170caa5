// Issue 29: one 450 MB restore peaked at 2.3 GB (five copies: the body's pieces, their concatenation, a copy for
// sql.js, sql.js's own, the export for the file). A `serve` process restores a 100 MiB snapshot; its peak RSS
// over the restore (VmHWM, reset just before) stays under 3× the snapshot — the streamed restore measures
// 2.1–2.3× (bench/REPORT-restore-memory.md), the buffered one 5×. Linux only: it reads /proc.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import { afterEach, describe, expect, it } from 'vitest';
import { requireBuild, run, tempDir, type Running } from '../cli/run';

const MiB = 1024 * 1024;
const started: Running[] = [];
afterEach(() => started.splice(0).forEach((r) => r.child.kill('SIGKILL')));
const kib = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe.runIf(process.platform === 'linux')('a large restore', () => {
  it('peaks under three times the snapshot over the memory before it', async () => {
    requireBuild();
    const r = run(['--port', '0', '--data-dir', tempDir()]);
    started.push(r);
    const url = await r.ready;
    const SQL = await initSqlJs();
    const db = new SQL.Database(new Uint8Array(await (await fetch(`${url}/__sim/v1/snapshot`)).arrayBuffer()));
    db.run('BEGIN');
    // Pet images of random bytes: nothing compresses them away.
    for (let i = 0; i < 100; i++) db.run("INSERT INTO media (app_id, pet_id, file_name, mime, data, created_at) VALUES (1, 1, ?, 'image/png', ?, '2026-01-01 00:00:00')", [`p${i}.png`, randomBytes(MiB)]);
    db.run('COMMIT');
    const snapshot = new Uint8Array(db.export()); // an ArrayBuffer-backed copy, as fetch's types want
    db.close();

    const pid = r.child.pid!;
    const before = kib(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // VmHWM back to the RSS now
    const answer = await fetch(`${url}/__sim/v1/snapshot`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: snapshot });
    expect(answer.status).toBe(200);
    const over = kib(pid, 'VmHWM') - before;
    expect(over / snapshot.length).toBeLessThan(3);
  }, 120_000);
});
