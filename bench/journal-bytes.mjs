// The journal's size on disk and the server's memory under large bodies (issue 29: 4,000 bodies of 900 KB made a
// 199 MB journal file and 521 MB of memory; the journal is now capped in bytes too, default 64 MiB).
// Sends N partner requests with large, barely compressible bodies to a `serve` process of its own, then prints
// journal.sqlite's size after a clean stop, the server's RSS at the end and its peak (VmHWM).
//
// Usage: node bench/journal-bytes.mjs [--requests 4000] [--kib 900] [--cli CLI_JS] [--compare OLD_CLI_JS] [--cap-bytes SIZE]
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AUTH, CLI, SERVE_FLAGS, rssMiB, start, stop, tempDir } from './lib.mjs';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '4000' }, kib: { type: 'string', default: '900' }, cli: { type: 'string', default: CLI }, compare: { type: 'string' }, 'cap-bytes': { type: 'string' } },
});
const N = Number(values.requests);
const KIB = Number(values.kib);
const peakMiB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function measure(cli, extra) {
  const dataDir = tempDir('vet-journal-bytes-');
  const s = await start([...SERVE_FLAGS, cli, '--port', '0', '--data-dir', dataDir, ...extra]);
  try {
    const before = rssMiB(s.child.pid);
    // The demo app's limit would answer most of them 429 (still journaled); raised so every body reaches A7.
    await fetch(`${s.url}/__sim/v1/apps/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate_limit_per_minute: 0 }) });
    const t0 = performance.now();
    for (let i = 0; i < N; i += 8) {
      await Promise.all(Array.from({ length: Math.min(8, N - i) }, async () => {
        const body = JSON.stringify({ first_name: randomBytes((KIB * 1024 * 3) / 4).toString('base64'), email: 'big@bench.example', role: 'users', dev_type: 'ios' });
        const r = await fetch(`${s.url}/api/v2/demo/register-user`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body });
        await r.arrayBuffer();
      }));
    }
    const ms = Math.round(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 1000));
    const end = rssMiB(s.child.pid);
    const peak = peakMiB(s.child.pid);
    const kept = (await (await fetch(`${s.url}/__sim/v1/requests?limit=1`)).json()).total;
    await stop(s.child);
    const file = statSync(join(dataDir, 'journal.sqlite')).size / 1024 / 1024;
    return { before: Math.round(before), end: Math.round(end), peak: Math.round(peak), fileMiB: Math.round(file * 10) / 10, kept, ms };
  } finally {
    await stop(s.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const extra = values['cap-bytes'] ? ['--journal-cap-bytes', values['cap-bytes']] : [];
for (const [name, cli, flags] of [...(values.compare ? [['before', values.compare, []]] : []), ['this build', values.cli, extra]]) {
  const m = await measure(cli, flags);
  console.log(`${name}: ${N} × ${KIB} KiB — journal.sqlite ${m.fileMiB} MiB, ${m.kept} entries kept; RSS ${m.before} → ${m.end} MiB, peak ${m.peak} MiB; ${m.ms} ms`);
}
