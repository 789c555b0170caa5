// `node bench/peers/a2-share.mjs`: A2 (a durable write, with a data folder) at 50 connections as a share of bare
// node:http serving the captured A5 answer, bare measured before and after in each round; with BENCH_BEFORE_CLI
// (another build's cli.js) that build's A2 too, in the same rounds. The quick form of bench:peers' A2 figure, for
// a change on A2's path (bench:peers needs its peers installed). Knobs: BENCH_DURATION (s, 8), BENCH_ROUNDS (2).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, launch, terminate, unsetMachineCaCerts } from './proc.mjs';
import { A2, A5_PATH, AUTH, captureA5, prepareReader, startSimulator } from './simulator.mjs';
import { runLoad } from './measure.mjs';

unsetMachineCaCerts();
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BEFORE_CLI = process.env.BENCH_BEFORE_CLI;
const work = mkdtempSync(join(tmpdir(), 'vet-bench-a2-'));
const POST = { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: A2.body };

async function bare(fixtureFile) {
  const port = await freePort();
  const { child } = await launch(process.execPath, [new URL('./servers/bare.mjs', import.meta.url).pathname, fixtureFile, String(port)], `http://127.0.0.1:${port}/`);
  try {
    return (await runLoad({ mode: 'cannon', url: `http://127.0.0.1:${port}${A5_PATH}`, connections: 50, duration: DURATION })).rps;
  } finally {
    await terminate(child);
  }
}

async function a2(cli, n) {
  const s = await startSimulator(['--data-dir', join(work, `data-${n}`)], { cli });
  try {
    await prepareReader(s.url);
    await runLoad({ mode: 'cannon', url: s.url + A2.path, ...POST, connections: 10, duration: 2 }); // warm-up
    return (await runLoad({ mode: 'cannon', url: s.url + A2.path, ...POST, connections: 50, duration: DURATION })).rps;
  } finally {
    await terminate(s.child);
  }
}

try {
  const capture = await startSimulator(['--in-memory']);
  await prepareReader(capture.url);
  const fixtureFile = join(work, 'a5.json');
  writeFileSync(fixtureFile, JSON.stringify(await captureA5(capture.url)));
  await terminate(capture.child);
  let n = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const b1 = await bare(fixtureFile);
    const before = BEFORE_CLI ? await a2(BEFORE_CLI, n++) : undefined;
    const after = await a2(undefined, n++);
    const b2 = await bare(fixtureFile);
    const b = (b1 + b2) / 2;
    const pct = (x) => `${((100 * x) / b).toFixed(1)}%`;
    console.log(`round ${round}: bare ${b1.toFixed(0)} → ${b2.toFixed(0)} req/s; A2 ${after.toFixed(0)} req/s, ${pct(after)} of bare${before === undefined ? '' : `; before ${before.toFixed(0)} req/s, ${pct(before)}`}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
