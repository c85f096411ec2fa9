import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

/** Call revenue of the last 30 days, with the percent change against the 30 before. */
export type TopCountry = Schema<'TopCountry'>;

export type RecentUser = Schema<'RecentUser'>;

export type AdminStats = Schema<'AdminStats'>;

export const statsKey = ['admin', 'stats'] as const;

export function useStats() {
  return useApiGet<AdminStats>(statsKey, '/admin/stats', { staleTime: 0 });
}
