import { api } from '../../../lib/api-client';

export type AdjustmentType = 'credit' | 'debit';

export interface Adjustment {
  type: AdjustmentType;
  /** A decimal string such as "12.50", checked by core on both sides. */
  amount: string;
  reason: string;
}

export interface AdjustmentResult {
  balance: number;
  entryId: number;
  message: string;
}

export function adjustBalance(userId: number, adjustment: Adjustment) {
  return api.post<AdjustmentResult>(`/admin/balances/${userId}/adjust`, adjustment);
}
