import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ApiKey = { sid: string; name: string; createdAt: string; lastUsedAt: string | null };
export type ApiKeys = { keys: ApiKey[] };

export const apiKeysKey = ['api-keys'] as const;

/** The account's active keys, newest first. */
export function getApiKeys() {
  return api.get<ApiKeys>('/developer/keys');
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: getApiKeys });
}
