import { api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { MyNumber } from './get-my-numbers';

export interface NumberPurchase {
  number: MyNumber;
  balance: number;
}

/** One click, one key: a retried request with the same key is charged once. */
export function purchaseNumber(numberId: number) {
  return api.post<NumberPurchase>(
    '/numbers/purchase',
    { numberId },
    { headers: { 'Idempotency-Key': newIdempotencyKey() } },
  );
}
