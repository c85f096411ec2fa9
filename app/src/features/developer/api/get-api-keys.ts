import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

export type ApiKey = Schema<'ApiKey'>;
export type ApiKeys = Schema<'ApiKeys'>;

export const apiKeysKey = ['api-keys'] as const;

/** The account's active keys, newest first. */
export function getApiKeys() {
  return api.get<ApiKeys>('/developer/keys');
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: getApiKeys });
}
