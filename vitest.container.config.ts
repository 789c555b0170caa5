import { defineConfig } from 'vitest/config';

// The container image and the Testcontainers recipe (npm run test:container, scripts/test-container.mjs).
// One file at a time: both build the same image and drive one container engine. Long timeouts: the first
// build of the image installs every dependency (about a minute), a container start takes seconds.
export default defineConfig({
  test: {
    globalSetup: ['test/global-temp.ts'],
    include: ['test/container/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 15 * 60_000,
    fileParallelism: false,
  },
});
