import { api } from '../../../lib/api-client';

export interface StartedDeposit {
  clientSecret: string;
  paymentId: number;
  provider: 'sandbox' | 'stripe';
}

export function startDeposit(amount: number): Promise<StartedDeposit> {
  return api.post<StartedDeposit>('/payment/stripe', { amount });
}
