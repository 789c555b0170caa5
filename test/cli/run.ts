// Spawns the built CLI (out/main/cli.js) the way a user runs `npm run serve`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { serveNodeFlags } from '../../scripts/serve-flags.mjs';

export const CLI = join(__dirname, '..', '..', 'out', 'main', 'cli.js');
export const tempDir = () => mkdtempSync(join(tmpdir(), 'vet-sim-'));

/** Suites that spawn the built CLI fail, never skip, when the build is missing. */
export function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first.`);
}

export interface Running { child: ChildProcess; url: string; stdout: () => string; stderr: () => string; exited: Promise<number | null> }

/** The node flags of `npm run serve` (package.json), for tests that must run the server as users do. */
export const SERVE_NODE_FLAGS: string[] = serveNodeFlags(join(__dirname, '..', '..'));

export function run(args: string[], env: NodeJS.ProcessEnv = {}, nodeFlags: string[] = []): Running & { ready: Promise<string> } {
  const child = spawn(process.execPath, [...nodeFlags, CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready at (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    void exited.then((code) => reject(new Error(`exited ${code} before ready: ${out} ${err}`)));
  });
  const running = { child, url: '', stdout: () => out, stderr: () => err, exited, ready };
  void ready.then((u) => (running.url = u), () => undefined);
  return running;
}

export async function runToExit(args: string[]) {
  const r = run(args);
  const code = await r.exited;
  return { code, stdout: r.stdout(), stderr: r.stderr() };
}

/**
 * A starter of `serve` on a data folder (a free port): `await start(dir)` gives the process and its URL; every
 * server it started is killed (SIGKILL, as a crash would) after each test of the file that called this.
 */
export function dataDirServers() {
  const started: Running[] = [];
  afterEach(() => started.splice(0).forEach((r) => r.child.kill('SIGKILL')));
  return async (dir: string) => {
    const r = run(['--port', '0', '--data-dir', dir]);
    started.push(r);
    return { r, url: await r.ready };
  };
}
