import { api } from '../../../lib/api-client';
import type { MyNumber } from './get-my-numbers';

/** Stops the renewal; the number stays until its expiry date. */
export function cancelNumber(id: number) {
  return api.post<{ number: MyNumber }>(`/numbers/${id}/cancel`);
}
