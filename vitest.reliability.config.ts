import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/global-temp.ts'],
    include: ['test/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 900000,
    hookTimeout: 60000,
    fileParallelism: false,
  },
});
