import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/global-temp.ts'],
    include: ['test/**/*.test.ts'],
    // Browser tests run afterwards on their own (vitest.e2e.config.ts): timing figures need a quiet machine.
    exclude: ['test/reliability/**', 'test/e2e/**', 'test/container/**'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
