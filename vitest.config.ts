import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Browser tests run afterwards on their own (vitest.e2e.config.ts): timing figures need a quiet machine.
const EXCLUDE = ['test/reliability/**', 'test/e2e/**', 'test/container/**'];

/**
 * Most files share one module graph per worker (isolate: false): importing the simulator (~300 modules) afresh
 * for each of ~150 files cost more than all their tests. A file that mocks, spies, stubs globals or fakes timers
 * could leave that behind for the next file in its worker (a spy on a faked setTimeout, restored later by another
 * file's vi.restoreAllMocks, froze every timer after it), so those files get a fresh graph each. Read from the
 * files' text, so a new test file is classed without anyone listing it.
 */
const LEAKY = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|hoisted|spyOn|fn|stubGlobal|stubEnv|useFakeTimers|setSystemTime|importMock|importActual)\b/;
const ISOLATED = readdirSync(join(import.meta.dirname, 'test'), { recursive: true, encoding: 'utf8' })
  .map((f) => `test/${f.replaceAll('\\', '/')}`)
  .filter((f) => f.endsWith('.test.ts') && LEAKY.test(readFileSync(join(import.meta.dirname, f), 'utf8')));

export default defineConfig({
  test: {
    globalSetup: ['test/global-temp.ts'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...EXCLUDE, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'unit-isolated', include: ISOLATED, exclude: EXCLUDE, isolate: true } },
    ],
  },
});
