// The app's API types are what the server publishes: this fails when the server's
// OpenAPI document and the committed src/generated/api-types.ts drift apart. With
// WRITE_API_TYPES=1 (`npm run api-types`) it writes the file instead.
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { API_TYPES_FILE, apiTypes } from './api-types';
import { baseUrl } from './browser';

test('src/generated/api-types.ts is generated from the server’s /api/openapi.json', async () => {
  const response = await fetch(`${baseUrl()}/api/openapi.json`);
  expect(response.status).toBe(200);
  const generated = await apiTypes(await response.json());
  if (process.env.WRITE_API_TYPES === '1') await writeFile(API_TYPES_FILE, generated);
  const committed = await readFile(API_TYPES_FILE, 'utf8').catch(() => '');
  expect(
    committed === generated,
    'src/generated/api-types.ts is stale: run `npm run api-types`',
  ).toBe(true);
});
