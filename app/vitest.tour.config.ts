// The screenshot tour (`make tour`): the e2e harness's own server start (global-setup.ts)
// with e2e/tour.ts as the only "test", so that nothing about starting a server is copied.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/tour.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    // One file, one worker: the global setup starts a server per worker.
    maxWorkers: 1,
  },
});
