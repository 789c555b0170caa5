// Every shell block of README.md and docs/*.md, run as a reader runs it: page by page, in order, against a fresh
// `serve --port 0 --in-memory` with SIM set to its address — twice, since a walk-through starts from a reset and must
// work again on the same server. After each page the server is as the reader found it (no hold, fault or autopilot
// rule armed, nothing held or pending, the clock on real time, every vet online, no consultation open), and neither the
// working directory nor the temporary folder got a file. Which blocks are skipped, and why: test/cli/shell-blocks.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, requireBuild, type Running } from './run';
import { documentedPages, NOT_RUN, pageScript, shellBlocks } from './shell-blocks';

/** What each page's blocks must print (the rest of a page's output is free to change). */
const EXPECTED: Record<string, { messages: (string | RegExp)[]; failures?: number }> = {
  'README.md': {
    messages: ['User registered successfully.', 'Pet Added', 'End chat successful', 'Vet Feedback', 'User Created Successfully', 'pet list', 'User Record Fetched Successfully.'],
  },
  'docs/walkthroughs.md': {
    messages: [
      'User registered successfully.', 'Pet Added', 'pet list', 'Pet Updated', 'Pet data deleted successfully', 'Successfully Get User Details.',
      'End chat successful', 'User deleted successfully', 'Vet Feedback', 'User token', 'User Created Successfully', 'Your card was declined.',
      'Pet Switched Successfully', 'User Found Successfully', 'User Record Fetched Successfully.', 'Payment Record Fetched Successfully.',
      'Record Fetched Successfully .', 'User action successful', /\/demo\/main\/talk-to-vet\?data=/,
    ],
    failures: 1, // the declined card
  },
  'docs/control-api.md': { messages: ['"restored":true', '"is_real_time":true'] },
  'docs/holds.md': { messages: ['"decision":"release"', 'Media URL', '{"items":[]}'] },
  'docs/autopilot.md': { messages: ['"rules":[]', /\bactive$/m, '"is_real_time":true'] },
  'docs/scenarios.md': { messages: ['"loaded":true', 'pet list', 'the same bytes', '"requests":1'] },
};

const pages = documentedPages().filter((page) => shellBlocks(page).some((b) => b.run));
let server: Running;
let sim: string;
const control = (path: string) => fetch(`${sim}/__sim/v1${path}`).then((r) => r.json());

/** What a reader must find after any page: nothing armed, nothing waiting, the clock and the roster as they were. */
async function expectClean(page: string) {
  const [holds, held, faults, autopilot, pending, clock, vets, counts] = await Promise.all(
    ['/holds', '/held', '/faults', '/autopilot', '/autopilot/pending', '/clock', '/vets', '/consultations/counts'].map(control),
  );
  expect({ page, holds: holds.items, held: held.items, faults: faults.items, rules: autopilot.rules, pending: pending.total }).toEqual({
    page, holds: [], held: [], faults: [], rules: [], pending: 0,
  });
  expect({ page, real_time: clock.is_real_time, offline: vets.items.filter((v: { online: boolean }) => !v.online).map((v: { id: string }) => v.id), open: counts.open })
    .toEqual({ page, real_time: true, offline: [], open: 0 });
}

describe('the shell blocks of the README and docs/', () => {
  it('follow the convention: skipped ones say why, the others use $SIM (never a port) and start their page from a reset', () => {
    const all = documentedPages().flatMap(shellBlocks);
    for (const b of all.filter((x) => !x.run)) expect(b.text, `${b.page}:${b.line}`).toMatch(NOT_RUN);
    for (const b of all.filter((x) => x.run)) {
      expect(b.text, `${b.page}:${b.line} names a port`).not.toMatch(/(127\.0\.0\.1|localhost|\[::1\]):\d/);
      expect(b.text, `${b.page}:${b.line} does not use $SIM`).toContain('$SIM');
    }
    for (const page of pages) {
      const first = shellBlocks(page).find((b) => b.run)!.text.split('\n').find((l) => l.trim() && !l.startsWith('#'))!;
      expect(first, `${page} starts from a reset`).toMatch(/\$SIM\/__sim\/v1\/reset\b/);
    }
    expect(Object.keys(EXPECTED).sort()).toEqual([...pages].sort()); // a new page with blocks says what it prints
  });

  beforeAll(async () => {
    requireBuild();
    server = run(['--port', '0', '--in-memory']);
    sim = await (server as Running & { ready: Promise<string> }).ready;
  }, 30_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it.each([1, 2])('run in order, page by page, on a fresh server and again on the same one (run %i), leaving nothing behind', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'vet-sim-docs-cwd-'));
    const tmp = mkdtempSync(join(tmpdir(), 'vet-sim-docs-tmp-')); // the blocks' mktemp -d goes here
    for (const page of pages) {
      // Asynchronously, so that a hung block fails on the timeout with its output rather than freezing the worker.
      const { stdout: out } = await promisify(execFile)('bash', ['-c', pageScript(page)], {
        cwd, env: { ...process.env, SIM: sim, TMPDIR: tmp }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024,
      }).catch((err: Error & { stdout?: string; stderr?: string }) => {
        throw new Error(`${page}: ${err.message}\n${err.stderr ?? ''}\n${(err.stdout ?? '').slice(-2000)}`);
      });
      const { messages, failures = 0 } = EXPECTED[page];
      for (const m of messages) expect(out, `${page}: ${m}`).toMatch(typeof m === 'string' ? new RegExp(m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : m);
      expect(out.match(/"success":false/g) ?? [], `${page}: failed partner calls`).toHaveLength(failures);
      expect(out, page).not.toMatch(/Not Found|Server Error|Unauthenticated|"error"/);
      await expectClean(page);
      expect({ page, cwd: readdirSync(cwd), tmp: readdirSync(tmp) }).toEqual({ page, cwd: [], tmp: [] });
    }
  }, 180_000);
});
