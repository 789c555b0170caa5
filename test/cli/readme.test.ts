// The README's curl walk-throughs, run word for word against a fresh `npm run serve` (only the port differs).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, run, tempDir, type Running, requireBuild } from './run';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.includes('curl'));
let server: Running;
let port: string;

describe('README walk-throughs', () => {
  beforeAll(async () => {
    requireBuild();
    server = run(['--port', '0', '--in-memory']);
    const url = await (server as Running & { ready: Promise<string> }).ready;
    port = new URL(url).port;
  }, 30_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it.each([1, 2])('every curl block works in order, on a fresh server and again on the same one (run %i)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const script = `set -euo pipefail\n${blocks.join('\n').replaceAll('127.0.0.1:4010', `127.0.0.1:${port}`).replaceAll('/tmp/miso.png', 'miso.png')}`;
    const out = execFileSync('bash', ['-c', script], { cwd: tempDir(), encoding: 'utf8', timeout: 60_000 });
    for (const message of [
      'User registered successfully.', 'Pet Added', 'pet list', 'Pet Updated', 'Pet data deleted successfully', 'Successfully Get User Details.',
      'End chat successful', 'User deleted successfully', 'Vet Feedback', 'User token', 'User Created Successfully', 'Your card was declined.',
      'Pet Switched Successfully', 'User Found Successfully', 'User Record Fetched Successfully.', 'Payment Record Fetched Successfully.',
      'Record Fetched Successfully .', 'User action successful', '"restored":true',
    ]) expect(out, message).toContain(message);
    expect(out.match(/"success":false/g)).toHaveLength(1); // only the declined card
    expect(out).not.toMatch(/Not Found|Server Error|Unauthenticated|"error"/);
  });
});

describe('README example of the programmatic API', () => {
  it('is the example test file, word for word (so the README shows code that runs)', () => {
    const example = readFileSync(join(__dirname, '..', 'examples', 'start-simulator.test.ts'), 'utf8').split('\n').slice(1).join('\n').trimEnd();
    expect(README).toContain(example);
  });
});
