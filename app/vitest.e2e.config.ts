// Browser end-to-end tests: real Chromium against a real server on a fresh database.
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/global-setup';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for the page, the server or a call: vitest's default of one
    // second is a fast machine's figure, not a slow CI runner's.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time, each worker with a server of its own (global-setup.ts).
    maxWorkers: E2E_WORKERS,
    // Tests of a describe.concurrent (the axe and sideways-scroll sweeps) two at a time,
    // not vitest's five: on a slow 2-core machine five sweeps beside the other worker's
    // file each took over their 180 s and failed (the same sweeps took 33-128 s each the
    // same morning). The work is the same; fewer at once each finish in time.
    maxConcurrency: 2,
    // One more try for a test that fails: a browser, a switch, a media relay and the
    // server share a shared runner's two cores, and a red CI drops a session's work.
    // A test that needed it is named at the end (RETRIED, with its first error).
    retry: 1,
    reporters: ['default', './e2e/retried-reporter.ts'],
  },
});
