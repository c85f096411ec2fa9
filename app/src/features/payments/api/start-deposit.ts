import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type StartedDeposit = Schema<'DepositStarted'>;

/** `amount`: US dollars as the decimal text the user typed, never a binary float. */
export function startDeposit(amount: string): Promise<StartedDeposit> {
  return api.post<StartedDeposit>('/payment/stripe', { amount });
}
