// Issue 14, cold start: the ready line means ready. Node runs V8's foreground tasks from DrainTasks
// whenever its event loop has nothing alive, and DrainTasks first waits for every background task;
// a start that let the loop go empty (it only awaits WebAssembly compilation) listened inside it, and
// its socket was polled only after V8 had finished optimising SQLite's WebAssembly. The simulator here
// runs with --no-wasm-dynamic-tiering, which makes that optimisation one large background job
// (~0.3–0.5 s here), so a stall cannot hide in the noise of a shared machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild, tempDir } from '../cli/run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
let children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children = [];
});

/** Starts `serve` on a new data folder; resolves with its URL as soon as the ready line is printed. */
function startWithEagerOptimisation(): Promise<string> {
  const child = spawn(process.execPath, ['--no-wasm-dynamic-tiering', CLI, '--port', '0', '--data-dir', tempDir()], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code} before its ready line`)));
  });
}

async function msToFirstAnswer(): Promise<number> {
  const url = await startWithEagerOptimisation();
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
  await res.text();
  expect(res.status).toBe(200);
  return performance.now() - t0;
}

describe('the first request after the ready line', () => {
  beforeAll(requireBuild);

  it('is answered without waiting for V8 to finish optimising the database engine', async () => {
    // Best of three: a busy machine may slow one start, but a stall slows every one (measured on a quiet
    // machine: 300–360 ms with the stall, 33–60 ms without; at a load of 5 on 2 cores: 444–974 ms with it,
    // 41–134 ms without, after a slower first start of 278–552 ms).
    const times: number[] = [];
    for (let i = 0; i < 3 && Math.min(...times, Infinity) >= 250; i++) times.push(await msToFirstAnswer());
    expect(Math.min(...times), `first answers took ${times.map((t) => t.toFixed(0)).join(', ')} ms`).toBeLessThan(250);
  }, 60_000);
});
