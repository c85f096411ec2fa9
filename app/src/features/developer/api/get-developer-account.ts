import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

/** The account's API identity: its SID and the last 4 characters of its auth token. */
export type DeveloperAccount = Schema<'Developer'>;

export const developerAccountKey = ['developer-account'] as const;

export function useDeveloperAccount() {
  return useApiGet<DeveloperAccount>(developerAccountKey, '/developer');
}
