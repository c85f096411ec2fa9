// `npm run api-types` and `npm run api-types:check`: the e2e harness's server start
// (global-setup.ts) with only the API types check, which writes the file when asked.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/api-types.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
