import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The account's API identity: its SID and the last 4 characters of its auth token. */
export type DeveloperAccount = {
  accountSid: string;
  authTokenHint: string;
  /** Until when the token replaced by the last rotation still works, or null. */
  previousTokenValidUntil: string | null;
};

export const developerAccountKey = ['developer-account'] as const;

export function getDeveloperAccount() {
  return api.get<DeveloperAccount>('/developer');
}

export function useDeveloperAccount() {
  return useQuery({ queryKey: developerAccountKey, queryFn: getDeveloperAccount });
}
