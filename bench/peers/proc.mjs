// What the kernel says about a target: CPU time and resident memory of its whole process tree
// (a CLI may fork its server), read from /proc so every peer is measured the same way.
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * A machine-wide CA bundle (NODE_EXTRA_CA_CERTS, set on the build machine) costs every Node start ~50 ms
 * before its first line runs, hello-world and simulator alike; users' laptops rarely set it, so the
 * benchmarks start every target without it (BENCH_KEEP_CA_CERTS=1 keeps it where `keepable`).
 * Whether it was set and is now unset.
 */
export function unsetMachineCaCerts({ keepable = true } = {}) {
  if (!process.env.NODE_EXTRA_CA_CERTS || (keepable && process.env.BENCH_KEEP_CA_CERTS)) return false;
  delete process.env.NODE_EXTRA_CA_CERTS;
  return true;
}

/** CPU seconds (user + system) of a process's main thread alone: the thread that answers requests. */
export function mainThreadCpuSeconds(pid) {
  const f = statFields(`${pid}/task/${pid}`);
  return f ? (Number(f[11]) + Number(f[12])) / CLK_TCK : NaN;
}

/** User and kernel CPU seconds of a process so far (all its threads). */
export function userSystemSeconds(pid) {
  const f = statFields(String(pid));
  return f ? { user: Number(f[11]) / CLK_TCK, sys: Number(f[12]) / CLK_TCK } : { user: NaN, sys: NaN };
}

/** The fields of /proc/<path>/stat from the third (state) on; null when the process is gone. */
function statFields(path) {
  try {
    const s = readFileSync(`/proc/${path}/stat`, 'utf8');
    // the command name may hold spaces and parentheses: fields start after the last ')'
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** The pid and every descendant still alive. */
export function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(name);
    if (!f) continue;
    const ppid = Number(f[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(name));
  }
  const out = [];
  const walk = (pid) => (out.push(pid), (children.get(pid) ?? []).forEach(walk));
  walk(root);
  return out;
}

/** User + system CPU seconds spent so far by the tree under `pid`. */
export function cpuSeconds(pid) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    const f = statFields(p);
    if (f) ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15 of stat)
  }
  return ticks / CLK_TCK;
}

/** Resident memory of the tree under `pid`, MiB. */
export function rssMiB(pid) {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      /* ended meanwhile */
    }
  }
  return kb / 1024;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `cmd args` and polls `url` every 5 ms until it answers 200: the cold start is the time
 * from spawn to that answer. Output goes to `logFile` so a peer that fails to start can say why.
 */
export async function launch(cmd, args, url, { headers = {}, logFd = 'ignore', cwd, timeoutMs = 60_000 } = {}) {
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', logFd, logFd] });
  let exited = null;
  child.once('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));
  for (;;) {
    if (exited) throw new Error(`${cmd} ${args.join(' ')} ${exited} before answering ${url}`);
    try {
      const r = await fetch(url, { headers });
      await r.arrayBuffer();
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { child, coldStartMs: performance.now() - t0 };
}

/** SIGTERM, then SIGKILL if the target has not gone within 5 s (a JVM may take its time). */
export function terminate(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.kill('SIGTERM');
  });
}
