// Shared helpers for the benchmark scripts: spawning servers, load with autocannon, RSS, timing.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { unsetMachineCaCerts } from './peers/proc.mjs';

export const ROOT = new URL('..', import.meta.url).pathname;
export const CLI = join(ROOT, 'out', 'main', 'cli.js');
export { SERVE_FLAGS } from './peers/simulator.mjs';
export const tempDir = (p = 'vet-bench-') => mkdtempSync(join(tmpdir(), p));
unsetMachineCaCerts();
export const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;

/** Starts a process and resolves once stdout matches `ready`; returns the child and the matched URL. */
export function start(args, ready = /ready at (http:\/\/\S+)/, env = {}) {
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) resolve({ child, url: m[1], startedAt: t0 });
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

export const stop = (child) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));

export function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** autocannon with the bench's defaults: 50 connections, a bounded duration. */
export function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: 8, ...opts }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

export const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Milliseconds from spawn to the first 200 on `path`, polling every 5 ms. */
export async function coldStart(args, url, path, ready) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  for (;;) {
    try {
      const r = await fetch(url + path);
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - t0 > 30_000) throw new Error(`no 200 from ${args.join(' ')} in 30 s (${ready ?? ''})`);
  }
  const ms = performance.now() - t0;
  await stop(child);
  return ms;
}

export async function json(url, path, { method = 'GET', body, headers = {} } = {}) {
  const r = await fetch(url + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: await r.json() };
}
