import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export type RevenuePoint = Schema<'RevenueDay'>;

export type CallsPoint = Schema<'CallDay'>;

export type Destination = Schema<'TopDestination'>;

export type NewUsersPoint = Schema<'NewUsersDay'>;

/** `asr`: answer-seizure ratio in percent, `acd`: average call duration in seconds; null
 * without (answered) calls. */
export type Analytics = Schema<'AnalyticsReport'>;

export function rangeQuery(range: DateRange): string {
  return new URLSearchParams({ from: range.from, to: range.to }).toString();
}

export function getAnalytics(range: DateRange): Promise<Analytics> {
  return api.get<Analytics>(`/admin/analytics?${rangeQuery(range)}`);
}

export function useAnalytics(range: DateRange) {
  return useQuery({
    queryKey: ['admin', 'analytics', range],
    queryFn: () => getAnalytics(range),
    placeholderData: keepPreviousData,
    // A half-typed date is not worth a request; the page says what is missing.
    enabled: range.from !== '' && range.to !== '',
  });
}
