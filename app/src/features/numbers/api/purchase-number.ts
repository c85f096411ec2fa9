import { api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { Schema } from '../../../generated/api-types';

export type NumberPurchase = Schema<'NumberPaid'>;

/** One click, one key: a retried request with the same key is charged once. */
export function purchaseNumber(numberId: number) {
  return api.post<NumberPurchase>(
    '/numbers/purchase',
    { numberId },
    { headers: { 'Idempotency-Key': newIdempotencyKey() } },
  );
}
