// The shell blocks of the README and of docs/*.md, as a reader copies them. The convention, for writers of those
// pages: a ```sh block is run by test/cli/docs-shell-blocks.test.ts unless its FIRST line is a comment
// `# not run: <why>` (a block that installs, builds or runs a container, starts a long-running server, or loads the
// machine for minutes). Every block that runs uses `$SIM` for the simulator's address (never a port of its own), starts
// its page from a reset, and leaves nothing behind: every vet online, no rule armed, the clock on real time, files only
// in a `mktemp -d` folder it removes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const NOT_RUN = /^# not run: \S/;

/** README.md first, then docs/*.md in name order: the order the docs test runs them in. */
export function documentedPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

export interface ShellBlock { page: string; line: number; text: string; run: boolean }

export function shellBlocks(page: string): ShellBlock[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => ({
    page,
    line: text.slice(0, m.index).split('\n').length,
    text: m[1],
    run: !m[1].startsWith('# not run:'),
  }));
}

/** The blocks of `page` a reader runs against a server, joined into one bash script (it stops at the first failure). */
export function pageScript(page: string): string {
  return `set -euo pipefail\n${shellBlocks(page).filter((b) => b.run).map((b) => b.text).join('\n')}`;
}
