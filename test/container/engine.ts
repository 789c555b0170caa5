// The container engine the container tests drive: podman (rootful, as ../shared/tools/container-base.sh
// sets it up) or docker, whichever answers first. Every port is published on 127.0.0.1 only, and every
// container and volume a test run makes carries this run's LABEL, so that it leaves nothing behind (and
// never removes another run's).
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const IMAGE = 'vet-consult-simulator';
export const BASE_IMAGE = 'node:24-bookworm-slim';
export const LABEL = `vet-consult-simulator-test=${process.pid}`;
export const ROOT = resolve(__dirname, '..', '..');
/** testcontainers 12 depends on undici 8, whose package declares node >= 22.19. */
export const TESTCONTAINERS_NODE = [22, 19] as const;

export type EngineName = 'podman' | 'docker';
export type Engine = { name: EngineName; why?: undefined } | { name?: undefined; why: string };

/** podman if it answers, else docker if its daemon answers; otherwise why neither can run a container. */
export function findEngine(): Engine {
  const reasons: string[] = [];
  for (const name of ['podman', 'docker'] as const) {
    const r = spawnSync(name, ['info', '--format', '{{json .}}'], { encoding: 'utf8', timeout: 30_000 });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') continue;
    if (r.status === 0) return { name };
    // A docker CLI without a daemon is common (CI images): say so rather than "not found".
    reasons.push(`${name} is on PATH but \`${name} info\` fails (${firstLine(r.stderr) || `exit ${r.status}`})`);
  }
  return { why: reasons.length ? reasons.join('; ') : 'neither podman nor docker is on PATH' };
}

const firstLine = (s: string | undefined) => (s ?? '').trim().split('\n')[0]?.slice(0, 160) ?? '';

export interface Result { code: number; stdout: string; stderr: string }

/** Runs `<engine> ...args` (no shell) and resolves with its exit code and output; never rejects on exit codes. */
export function engine(name: EngineName, args: string[], timeoutMs = 60_000): Promise<Result> {
  return new Promise((done) => {
    execFile(name, args, { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      done({ code, stdout, stderr: stderr || (err && code === 1 ? err.message : '') });
    });
  });
}

/** As engine(), but a non-zero exit throws with the command and its stderr. */
export async function engineOk(name: EngineName, args: string[], timeoutMs?: number): Promise<string> {
  const r = await engine(name, args, timeoutMs);
  if (r.code !== 0) throw new Error(`${name} ${args.join(' ')} → exit ${r.code}\n${r.stderr.trim() || r.stdout.trim()}`);
  return r.stdout.trim();
}

/**
 * Builds the image from the repository's Dockerfile (cached layers make a second build take seconds).
 * podman writes OCI images by default, which have no HEALTHCHECK: --format docker keeps it.
 */
export async function buildImage(name: EngineName): Promise<void> {
  const format = name === 'podman' ? ['--format', 'docker'] : [];
  await engineOk(name, ['build', ...format, '-t', IMAGE, ROOT], 15 * 60_000);
}

/** A port that is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/** Waits until something answers HTTP at url (any status: the control API refuses the host without a token). */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`Nothing answered ${url} within ${timeoutMs} ms (${(last as Error)?.message})`);
}

/** A unique name for this run's containers and volumes. */
export const uniqueName = (what: string) => `vcs-test-${what}-${process.pid}-${Date.now().toString(36)}`;

export function nodeAtLeast([major, minor]: readonly [number, number]): boolean {
  const [ma, mi] = process.versions.node.split('.').map(Number);
  return ma > major || (ma === major && mi >= minor);
}

export interface DockerApi { env: Record<string, string>; stop(): Promise<void> }

/**
 * What Testcontainers needs to reach the engine. A docker daemon, or a DOCKER_HOST that answers (e.g. from
 * `container-base.sh --service`): nothing to do. podman without one: starts podman's Docker-compatible API on a
 * socket in a temp folder, for this run only, and stops it afterwards. With podman, Ryuk (the reaper
 * container) is off — the tests stop what they start — and the host is 127.0.0.1 rather than the gateway
 * Testcontainers would guess.
 */
export async function dockerApiFor(name: EngineName): Promise<DockerApi> {
  const podmanEnv = { TESTCONTAINERS_RYUK_DISABLED: 'true', TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1' };
  // docker info answered, through DOCKER_HOST if set: Testcontainers finds the same daemon.
  if (name === 'docker') return { env: {}, stop: async () => undefined };
  // A DOCKER_HOST left over from a podman service that is gone would fail every test: ours instead.
  if (process.env.DOCKER_HOST && (await pings(process.env.DOCKER_HOST))) return { env: podmanEnv, stop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'vcs-podman-'));
  const sock = join(dir, 'podman.sock');
  const child: ChildProcess = spawn('podman', ['system', 'service', '--time=0', `unix://${sock}`], { stdio: 'ignore' });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 20_000;
  while (!existsSync(sock)) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`podman system service did not open ${sock} (exit ${child.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { env: { DOCKER_HOST: `unix://${sock}`, ...podmanEnv }, stop };
}

/** Whether the Docker API at host (unix:///path or tcp://host:port) answers GET /_ping. */
function pings(host: string): Promise<boolean> {
  const target = host.startsWith('unix://') ? { socketPath: host.slice('unix://'.length) } : (() => {
    const u = new URL(host.replace(/^tcp:/, 'http:'));
    return { host: u.hostname, port: Number(u.port) || 2375 };
  })();
  return new Promise((done) => {
    const req = request({ ...target, path: '/_ping', timeout: 3000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(false));
    req.end();
  });
}

/** Removes what the tests labelled (containers first: a volume in use cannot go). */
export async function cleanUp(name: EngineName): Promise<void> {
  const ids = (await engine(name, ['ps', '-aq', '--filter', `label=${LABEL}`])).stdout.split(/\s+/).filter(Boolean);
  if (ids.length) await engine(name, ['rm', '-f', ...ids]);
  const vols = (await engine(name, ['volume', 'ls', '-q', '--filter', `label=${LABEL}`])).stdout.split(/\s+/).filter(Boolean);
  if (vols.length) await engine(name, ['volume', 'rm', '-f', ...vols]);
}
