import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type ActivityType = 'call' | 'sms' | 'deposit' | 'purchase';

export type ActivityItem = Schema<'DashboardActivity'>;

/** `smsRemaining`: one-part messages the available balance buys at `smsRate` to `smsDestination`. */
export type DashboardSummary = Schema<'Dashboard'>;

export function useDashboard() {
  return useApiGet<DashboardSummary>(['dashboard', 'summary'], '/dashboard', { staleTime: 0 });
}
