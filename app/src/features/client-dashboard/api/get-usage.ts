import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type UsageRange = 'week' | 'month' | 'year';

/** `label`: "2026-11-20" per day for week and month, "2026-11" per month for year. */
export type UsagePoint = Schema<'UsagePoint'>;

/** The chart of the range asked for (the server answers with the same `range`). */
export type Usage = Omit<Schema<'UsageChart'>, 'range'> & { range: UsageRange };

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
