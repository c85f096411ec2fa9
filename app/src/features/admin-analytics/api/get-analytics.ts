import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export interface RevenuePoint {
  date: string;
  deposits: number;
  numbers: number;
  packages: number;
  calls: number;
  sms: number;
}

export interface CallsPoint {
  date: string;
  calls: number;
  answered: number;
  minutes: number;
}

export interface Destination {
  country: string;
  calls: number;
  minutes: number;
  revenue: number;
}

export interface NewUsersPoint {
  date: string;
  count: number;
}

export interface Analytics extends DateRange {
  revenue: RevenuePoint[];
  calls: CallsPoint[];
  /** Answer-seizure ratio in percent; null without calls. */
  asr: number | null;
  /** Average call duration in seconds; null without answered calls. */
  acd: number | null;
  topDestinations: Destination[];
  newUsers: NewUsersPoint[];
}

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
