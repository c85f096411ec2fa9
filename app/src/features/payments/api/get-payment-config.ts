import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

/** `maxDeposit`: a decimal string, passed to core as is. */
export type PaymentConfig = Schema<'PaymentConfig'>;

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
