// `npm start` (headless fallback) stopped by a signal to the npm process itself, as a process manager or a CI
// step's timeout does it: nothing of ours may be left holding the port and the data-folder lock. npm kills only
// its `sh -c` wrapper, so scripts/start.mjs and the server it spawned used to run on as orphans.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../electron/fake-electron';

/** Every process below `root` (Linux: read from /proc). */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [pid, ppid] of parentOf) if (ppid === p) found.push(pid), walk(pid);
  };
  walk(root);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portFree = (port: number) =>
  new Promise<boolean>((res) => {
    const s = connect(port, '127.0.0.1');
    s.on('connect', () => (s.destroy(), res(false)));
    s.on('error', () => res(true));
  });

async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return -1;
}

// The npm that runs this suite (npm_execpath under `npm test`), else the one on PATH.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

describe.skipIf(process.platform !== 'linux')('npm start stopped through npm', () => {
  // SIGTERM to npm alone (a process manager, a CI step's timeout); Ctrl-C in a terminal (SIGINT to the whole
  // foreground group). A SIGINT to npm's pid alone stops nothing: Debian's sh waits for its child before it
  // obeys one, and npm waits for sh (npm's behaviour, the same for every script).
  const cases = [
    { signal: 'SIGTERM', to: 'the npm process', group: false },
    { signal: 'SIGINT', to: 'the terminal\'s process group (Ctrl-C)', group: true },
    { signal: 'SIGHUP', to: 'the terminal\'s process group (window closed)', group: true },
  ] as const;
  for (const { signal, to, group } of cases) {
    it(`${signal} to ${to} leaves no process of ours, and the port is free within 5 s`, async () => {
      const child = spawn(npm[0], [...npm.slice(1), 'start', '--', '--headless', '--port', '0', '--in-memory'], {
        cwd: ROOT,
        detached: true, // its own process group, as a terminal's foreground job
        env: { ...process.env, npm_config_loglevel: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const port = await new Promise<number>((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`no ready line in 30 s:\n${out}`)), 30_000);
        child.stdout!.on('data', () => {
          const m = /ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
          if (m) clearTimeout(timer), res(Number(m[1]));
        });
      });
      // Answered once: the server's own signal handlers are in place.
      expect((await fetch(`http://127.0.0.1:${port}/__sim/v1/health`)).status).toBe(200);
      const ours = descendants(child.pid!);
      expect(ours.length).toBeGreaterThanOrEqual(2); // start.mjs and the server (and npm's sh wrapper)

      if (group) process.kill(-child.pid!, signal);
      else child.kill(signal);
      const gone = await within(5000, async () => ours.every((p) => !alive(p)) && (await portFree(port)));
      expect(gone, `still running: ${ours.filter(alive).join(', ')}\n${out}`).toBeGreaterThanOrEqual(0);
      expect(out).not.toMatch(/^\s+at /m); // never a stack trace
    }, 60_000);
  }
});
