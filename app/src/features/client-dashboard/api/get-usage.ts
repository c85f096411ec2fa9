import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type UsageRange = 'week' | 'month' | 'year';

export interface UsagePoint {
  /** "2026-11-20" per day for week and month, "2026-11" per month for year. */
  label: string;
  minutes: number;
  messages: number;
  spend: number;
}

export interface Usage {
  range: UsageRange;
  points: UsagePoint[];
}

export function getUsage(range: UsageRange): Promise<Usage> {
  return api.get<Usage>(`/dashboard/usage?range=${range}`);
}

export function useUsage(range: UsageRange) {
  return useQuery({
    queryKey: ['dashboard', 'usage', range],
    queryFn: () => getUsage(range),
    placeholderData: keepPreviousData,
  });
}
