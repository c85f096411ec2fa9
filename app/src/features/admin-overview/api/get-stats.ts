import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

/** Call revenue of the last 30 days, with the percent change against the 30 before. */
export type TopCountry = Schema<'TopCountry'>;

export type RecentUser = Schema<'RecentUser'>;

export type AdminStats = Schema<'AdminStats'>;

export const statsKey = ['admin', 'stats'] as const;

export function getStats(): Promise<AdminStats> {
  return api.get<AdminStats>('/admin/stats');
}

export function useStats() {
  return useQuery({ queryKey: statsKey, queryFn: getStats, staleTime: 0 });
}
