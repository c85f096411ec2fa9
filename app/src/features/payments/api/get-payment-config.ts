import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

/** `maxDeposit`: a decimal string, passed to core as is. */
export type PaymentConfig = Schema<'PaymentConfig'>;

export function usePaymentConfig() {
  return useApiGet<PaymentConfig>(['payment', 'config'], '/payment/config', {
    staleTime: Infinity,
  });
}
