import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PaymentConfig {
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
  minDeposit: number;
  /** A decimal string, passed to core as is. */
  maxDeposit: string;
}

export function getPaymentConfig(): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/payment/config');
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment', 'config'],
    queryFn: getPaymentConfig,
    staleTime: Infinity,
  });
}
