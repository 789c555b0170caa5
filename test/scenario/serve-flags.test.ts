// `serve --scenario FILE` (issue 38): loads into an empty data folder; a folder with data is replaced only with
// --replace-data; `--seed demo` with --scenario is a usage error.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requireBuild, run, runToExit, tempDir, type Running } from '../cli/run';

const started: Running[] = [];
afterEach(async () => {
  for (const r of started.splice(0)) {
    r.child.kill('SIGTERM');
    await r.exited;
  }
});

const ONE_OWNER = 'scenario: 1\nusers:\n  - { email: ann@example.com, first_name: Ann }\npets:\n  - { owner: ann@example.com, name: Rex }\n';

async function users(url: string): Promise<string[]> {
  const body = await (await fetch(`${url}/__sim/v1/users`)).json() as { items: { email: string }[] };
  return body.items.map((u) => u.email);
}

describe('serve --scenario', () => {
  it('loads into an empty folder, refuses a folder with data, and replaces it with --replace-data', async () => {
    requireBuild();
    const dir = tempDir();
    const file = join(dir, 'world.yaml');
    writeFileSync(file, ONE_OWNER);
    const data = join(dir, 'data');
    const first = run(['--port', '0', '--data-dir', data, '--scenario', file]);
    started.push(first);
    expect(await users(await first.ready)).toEqual(['ann@example.com']);
    expect(first.stderr()).toContain('Scenario loaded: 1 users, 1 pets, 0 consultations.');
    first.child.kill('SIGTERM');
    await first.exited;
    started.length = 0;

    writeFileSync(file, ONE_OWNER.replace(/ann@/g, 'bo@').replace('Ann', 'Bo'));
    const refused = await runToExit(['--port', '0', '--data-dir', data, '--scenario', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(`The data folder ${data} holds data already; --scenario replaces all of it only with --replace-data (or pick an empty folder with --data-dir).`);

    const replaced = run(['--port', '0', '--data-dir', data, '--scenario', file, '--replace-data']);
    started.push(replaced);
    expect(await users(await replaced.ready)).toEqual(['bo@example.com']);
  }, 60_000);

  it('a loaded scenario survives kill -9 right after the ready line (its one op-log record is replayed)', async () => {
    requireBuild();
    const dir = tempDir();
    const file = join(dir, 'world.yaml');
    writeFileSync(file, ONE_OWNER);
    const data = join(dir, 'data');
    const first = run(['--port', '0', '--data-dir', data, '--scenario', file]);
    await first.ready;
    first.child.kill('SIGKILL');
    await first.exited;
    const again = run(['--port', '0', '--data-dir', data]);
    started.push(again);
    expect(await users(await again.ready)).toEqual(['ann@example.com']);
  }, 60_000);

  it('--seed demo and --scenario together is a usage error (exit 2)', async () => {
    requireBuild();
    const { code, stderr } = await runToExit(['--port', '0', '--in-memory', '--seed', 'demo', '--scenario', 'x.yaml']);
    expect(code).toBe(2);
    expect(stderr).toContain('--seed demo loads the demo scenario: give it or --scenario/--bundle, not both');
  });
});
