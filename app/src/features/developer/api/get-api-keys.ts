import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type ApiKey = Schema<'ApiKey'>;
export type ApiKeys = Schema<'ApiKeys'>;

export const apiKeysKey = ['api-keys'] as const;

/** The account's active keys, newest first. */
export function useApiKeys() {
  return useApiGet<ApiKeys>(apiKeysKey, '/developer/keys');
}
