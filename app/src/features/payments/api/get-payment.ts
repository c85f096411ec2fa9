import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Deposit } from './get-deposits';

export const POLL_INTERVAL_MS = 1000;
export const POLL_LIMIT_MS = 30_000;

export function getPayment(clientSecret: string): Promise<Deposit> {
  return api
    .get<{ payment: Deposit }>(`/payment/intent/${encodeURIComponent(clientSecret)}`)
    .then((data) => data.payment);
}

export function isSettled(payment: Deposit | undefined): boolean {
  return payment?.status === 'succeeded' || payment?.status === 'failed';
}

/** One payment by its client secret; with `poll`, re-read every second until settled. */
export function usePayment(clientSecret: string, poll = false) {
  return useQuery({
    queryKey: ['payment', 'intent', clientSecret],
    queryFn: () => getPayment(clientSecret),
    staleTime: 0,
    refetchInterval: (query) => (poll && !isSettled(query.state.data) ? POLL_INTERVAL_MS : false),
  });
}
