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
    // Timing assertions (long tasks, input delay) on a shared 2-core machine: one retry absorbs a noisy neighbour.
    retry: 1,
  },
});
