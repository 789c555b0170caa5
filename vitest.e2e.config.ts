import { defineConfig } from 'vitest/config';

// The browser end-to-end tests, after the rest of the suite, two files at a time (each file has its own server and
// browser): one at a time took 217 s of the default `npm test`, two 148–167 s, all passing twice in a row.
export default defineConfig({
  test: {
    globalSetup: ['test/global-temp.ts'],
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 180000,
    fileParallelism: true,
    maxWorkers: 2,
    // No blanket retry: the UI tests build on each other's state, so a second attempt could not pass.
    // The timing tests that can be disturbed by a noisy neighbour retry on their own (log-performance).
  },
});
