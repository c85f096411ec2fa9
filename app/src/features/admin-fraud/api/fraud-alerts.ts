import type { Schema } from '../../../generated/api-types';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';

export type FraudAlert = Schema<'FraudAlert'>;
export type FraudAlerts = Schema<'FraudAlerts'>;

export const fraudAlertsKey = ['admin', 'fraud', 'alerts'] as const;

/** Open alerts first, then the latest answered; checked again every half minute. */
export function useFraudAlerts() {
  return useApiGet<FraudAlerts>(fraudAlertsKey, '/admin/fraud/alerts', { pollEvery: 30_000 });
}

export function dismissAlert(id: number) {
  return api.post<FraudAlert>(`/admin/fraud/alerts/${id}/dismiss`);
}

/** Suspends the alert's account, hangs up its calls and closes its alerts. */
export function suspendFromAlert(id: number) {
  return api.post<FraudAlert>(`/admin/fraud/alerts/${id}/suspend`);
}
