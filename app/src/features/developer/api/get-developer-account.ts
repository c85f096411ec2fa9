import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

/** The account's API identity: its SID and the last 4 characters of its auth token. */
export type DeveloperAccount = Schema<'Developer'>;

export const developerAccountKey = ['developer-account'] as const;

export function getDeveloperAccount() {
  return api.get<DeveloperAccount>('/developer');
}

export function useDeveloperAccount() {
  return useQuery({ queryKey: developerAccountKey, queryFn: getDeveloperAccount });
}
