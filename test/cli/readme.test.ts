// The README a newcomer reads in five minutes (issue 37): what the simulator is, how to set it up, test it and try it
// (one example per family, with $SIM set once), and where each capability is documented. Its shell blocks, and those
// of docs/, are run by docs-shell-blocks.test.ts; this file checks the README's shape and its links.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, shellBlocks } from './shell-blocks';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = shellBlocks('README.md');
const linked = [...README.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^https?:/.test(l));

describe('the README', () => {
  it('is at most 200 lines', () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('shows the two set-up commands and the test command', () => {
    const setUp = blocks.find((b) => b.text.includes('npm install'))!.text;
    expect(setUp.indexOf('npm install')).toBeLessThan(setUp.indexOf('npm start'));
    expect(blocks.some((b) => /^npm test$/m.test(b.text))).toBe(true);
  });

  it('sets SIM once, states the default port only there, and gives one example per family with $SIM', () => {
    expect(README.match(/^export SIM=/gm)).toHaveLength(1);
    // 4010 appears only where it is the default being stated (the ready line and SIM's value beside it).
    const lines = README.split('\n').filter((l) => l.includes('4010'));
    expect(lines.length).toBeLessThanOrEqual(2);
    for (const l of lines) expect(l).toMatch(/default port|^export SIM=/);
    const run = blocks.filter((b) => b.run).map((b) => b.text);
    expect(run.some((b) => /\$SIM\/api\/v2\/demo\//.test(b))).toBe(true);
    expect(run.some((b) => /\$SIM\/client\/user\/1\/v2\//.test(b))).toBe(true);
  });

  it('links every docs/ page, and every link it has leads to a file', () => {
    for (const l of linked) expect(existsSync(join(ROOT, l)), l).toBe(true);
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
    for (const p of pages) expect(linked, `${p} is not linked from the README`).toContain(p);
  });

  it("every docs/ page's relative links lead to files", () => {
    for (const f of readdirSync(join(ROOT, 'docs')).filter((x) => x.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, 'docs', f), 'utf8');
      for (const m of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^https?:/.test(m[1])) continue;
        expect(existsSync(join(ROOT, 'docs', m[1])), `docs/${f} → ${m[1]}`).toBe(true);
      }
    }
  });
});

describe('the programmatic API example (docs/programmatic-api.md, linked from the README)', () => {
  it('is the example test file, word for word (so the docs show code that runs)', () => {
    const page = readFileSync(join(ROOT, 'docs', 'programmatic-api.md'), 'utf8');
    const example = readFileSync(join(ROOT, 'test', 'examples', 'start-simulator.test.ts'), 'utf8').split('\n').slice(1).join('\n').trimEnd();
    expect(page).toContain(example);
  });
});
