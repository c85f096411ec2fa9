// Browser end-to-end tests: real Chromium against a real server on a fresh database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
