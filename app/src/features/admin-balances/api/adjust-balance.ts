import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type AdjustmentType = 'credit' | 'debit';

export interface Adjustment {
  type: AdjustmentType;
  /** A decimal string such as "12.50", checked by core on both sides. */
  amount: string;
  reason: string;
}

export type AdjustmentResult = Schema<'Adjusted'>;

export function adjustBalance(userId: number, adjustment: Adjustment) {
  return api.post<AdjustmentResult>(`/admin/balances/${userId}/adjust`, adjustment);
}
