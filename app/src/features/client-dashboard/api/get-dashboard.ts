import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

export type ActivityType = 'call' | 'sms' | 'deposit' | 'purchase';

export type ActivityItem = Schema<'DashboardActivity'>;

/** `smsRemaining`: one-part messages the available balance buys at `smsRate` to `smsDestination`. */
export type DashboardSummary = Schema<'Dashboard'>;

export function getDashboard(): Promise<DashboardSummary> {
  return api.get<DashboardSummary>('/dashboard');
}

export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: getDashboard,
    staleTime: 0,
  });
}
