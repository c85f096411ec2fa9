// The app's API types, src/generated/api-types.ts, generated from the server's OpenAPI
// document by openapi-typescript and formatted like the rest of the app. Checked by
// api-types.e2e.ts against the server the e2e run starts; `npm run api-types` rewrites it.
import { resolve } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

export const API_TYPES_FILE = resolve(
  import.meta.dirname,
  '..',
  'src',
  'generated',
  'api-types.ts',
);

const HEADER = `// Generated from the server's /api/openapi.json by \`npm run api-types\` (openapi-typescript).
// Do not edit: change the server and run the script again; \`npm run api-types:check\` and
// the e2e suite fail while this file differs from what the server publishes.
`;

const FOOTER = `
/** A schema of the API by name: \`Schema<'BalanceItem'>\`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
`;

/**
 * The file's text for an OpenAPI document. Operations are reached by path and method,
 * so their operationIds are dropped: the types then do not depend on them being unique.
 */
export async function apiTypes(document: unknown): Promise<string> {
  const doc = structuredClone(document) as OpenAPI3;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (operation && typeof operation === 'object' && 'operationId' in operation) {
        delete operation.operationId;
      }
    }
  }
  const ast = await openapiTS(doc, { silent: true });
  const options = await resolveConfig(API_TYPES_FILE);
  return format(HEADER + astToString(ast) + FOOTER, { ...options, filepath: API_TYPES_FILE });
}
