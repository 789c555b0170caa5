import { defineConfig } from 'vitest/config';

// The browser end-to-end tests, one file at a time, after the rest of the suite.
export default defineConfig({
  test: {
    globalSetup: ['test/global-temp.ts'],
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60000,
    hookTimeout: 180000,
    fileParallelism: false,
    // No blanket retry: the UI tests build on each other's state, so a second attempt could not pass.
    // The timing tests that can be disturbed by a noisy neighbour retry on their own (log-performance).
  },
});
