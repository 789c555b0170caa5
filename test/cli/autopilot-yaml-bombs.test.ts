// Issue 35 item 14: `serve --autopilot FILE` with a YAML alias bomb ended "stopped on an unexpected error", exit 1,
// where the README promises one line naming the file and exit 2; and the duplicate-key check compared every key
// with every key before it (40,000 keys, 380 KB: 10 s).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAutopilotFile } from '../../src-main/core/domain/autopilot/load-file';
import { readAutopilotText } from '../../src-shared/autopilot-yaml';
import { requireBuild, runToExit, tempDir } from './run';

/** The billion laughs in YAML: nine levels of nine aliases each, 9^9 nodes once expanded. */
const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...'bcdefghi'.split('').map((c, i) => {
    const prev = 'abcdefghi'[i];
    return `${c}: &${c} [${Array(9).fill(`*${prev}`).join(',')}]`;
  }),
  'rules: *i',
].join('\n');

const manyKeys = (n: number) => `rules: []\nseed: 1\nextra:\n${Array.from({ length: n }, (_, i) => `  key${i}: ${i}`).join('\n')}\n`;

describe('reading a rules file', () => {
  it('an alias bomb is a problem, said at once, never thrown', () => {
    const started = performance.now();
    const read = readAutopilotText(ALIAS_BOMB);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(read.value).toBeUndefined();
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0].message).toMatch(/^the document expands too many aliases \(more than 100\)/);
  });

  it('a few aliases, as people use them to share steps, still read', () => {
    const read = readAutopilotText('x: &hello { say: Hello }\nrules:\n  - steps: [*hello, *hello]\n');
    expect(read.problems).toEqual([]);
    expect(read.value).toMatchObject({ rules: [{ steps: [{ say: 'Hello' }, { say: 'Hello' }] }] });
  });

  it('40,000 keys are checked for duplicates in linear time, and a duplicate is named at its line', () => {
    const text = manyKeys(40_000);
    expect(text.length).toBeGreaterThan(380_000);
    const started = performance.now();
    const read = readAutopilotText(text);
    // The parse alone takes ~1.5 s on a busy CI machine; yaml's own check took 10-15 s more on the same input.
    expect(performance.now() - started).toBeLessThan(6000);
    expect(read.problems).toEqual([]);
    const dup = readAutopilotText(`${manyKeys(40_000)}  key7: again\n`);
    expect(dup.problems).toEqual([{ path: '', message: 'Map keys must be unique', line: 40_004 }]);
    expect(readAutopilotText('seed: 1\nseed: 2\nrules: []\n').problems).toEqual([{ path: '', message: 'Map keys must be unique', line: 2 }]);
    expect(readAutopilotText('rules:\n  - steps: [{ say: a, say: b }]\n').problems).toEqual([{ path: '', message: 'Map keys must be unique', line: 2 }]);
  });

  it('loadAutopilotFile: one line naming the file', () => {
    const file = join(tempDir(), 'bomb.yaml');
    writeFileSync(file, ALIAS_BOMB);
    const loaded = loadAutopilotFile(file);
    expect(loaded).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`^Autopilot rules ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the document expands too many aliases`)) });
  });
});

describe('serve --autopilot FILE', () => {
  it('an alias bomb: one line naming the file, exit 2', async () => {
    requireBuild();
    const file = join(tempDir(), 'bomb.yaml');
    writeFileSync(file, ALIAS_BOMB);
    const r = await runToExit(['--port', '0', '--in-memory', '--autopilot', file]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).toContain('too many aliases');
  });
});
