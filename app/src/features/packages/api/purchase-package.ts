import { api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { MyPackage } from './get-my-packages';

/** One click, one key: a retried request with the same key is charged once. */
export function purchasePackage(id: number) {
  return api.post<{ package: MyPackage; balance: number }>(`/packages/${id}/purchase`, undefined, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}
