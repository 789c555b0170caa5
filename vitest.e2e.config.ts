import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The browser end-to-end tests, after the rest of the suite. Each file has its own server and browser, so two
// files run at once (217 s one at a time on the 2-core machine). Files that time what the page does (long tasks,
// input delay) or give it a deadline of 2 s or less ("within a second") would measure the other file's load as
// well: they run afterwards, one at a time, on a machine the other browser tests have left.
const DIR = join(import.meta.dirname, 'test', 'e2e');
const deadlines = (text: string) => [...text.matchAll(/\btimeout:\s*([\d_]+)/g)].map((m) => Number(m[1].replaceAll('_', '')));
const TIMED = readdirSync(DIR)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => {
    const text = readFileSync(join(DIR, f), 'utf8');
    return /\b(longTasks|inputDelays)\b/.test(text) || deadlines(text).some((ms) => ms <= 2000);
  })
  .map((f) => `test/e2e/${f}`);

export default defineConfig({
  test: {
    globalSetup: ['test/global-temp.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 180000,
    // No blanket retry: the UI tests build on each other's state, so a second attempt could not pass.
    // The timing tests that can be disturbed by a noisy neighbour retry on their own (log-performance).
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: TIMED,
          fileParallelism: true,
          maxWorkers: 2,
          // playwright-core and the helpers are imported once per worker, not once per file (no file mocks anything).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'e2e-timed', include: TIMED, fileParallelism: false, maxWorkers: 1, isolate: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
