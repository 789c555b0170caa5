// Issue 14, cold start: V8's workers (optimising SQLite's WebAssembly at start) run at a lower priority
// than the main thread, so on a two-core machine they no longer take its core (core/perf/thread-priority.ts);
// every other thread (libuv's file-reading pool among them) keeps the main thread's priority.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICE_STEPS } from '../../src-main/core/perf/thread-priority';
import { CLI, requireBuild, tempDir } from '../cli/run';

/** Each thread of `pid`: its nice value (field 19 of its stat) and CPU time so far (ms). */
function threads(pid: number) {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
    const cpuMs = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    return { tid: Number(tid), nice: Number(fields[19 - 3]), cpuMs };
  });
}

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/** `serve` with two V8 workers, on a new data folder; resolves with its URL at the ready line. */
function startServe(): Promise<string> {
  child = spawn(process.execPath, ['--v8-pool-size=2', CLI, '--port', '0', '--data-dir', tempDir()], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child!.on('exit', (code) => reject(new Error(`serve exited with ${code} before its ready line`)));
  });
}

const ours = getPriority(); // the child starts at this test's priority
describe.runIf(process.platform === 'linux')("the server's threads", () => {
  beforeAll(requireBuild);

  // At a nice of 10 or more the lowered value may equal ours (19 is the floor): nothing to tell apart.
  it.skipIf(ours >= 10)("run V8's two workers lower than the main thread, and every other thread at its priority", async () => {
    const url = await startServe();
    const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
    expect((await fetch(`${url}/api/v2/demo/media-url`, { headers: auth })).status).toBe(200);
    const all = threads(child!.pid!);
    const main = all.find((t) => t.tid === child!.pid)!;
    const lowered = all.filter((t) => t.nice === ours + BACKGROUND_NICE_STEPS);
    const rest = all.filter((t) => t.nice === ours);
    expect(main.nice).toBe(ours);
    expect(lowered.length, JSON.stringify(all)).toBe(2);
    expect(lowered.length + rest.length).toBe(all.length);
    // The lowered ones are the threads that did V8's background work at start (SQLite's optimisation).
    expect(Math.min(...lowered.map((t) => t.cpuMs)), JSON.stringify(all)).toBeGreaterThan(1);
  }, 30_000);
});
