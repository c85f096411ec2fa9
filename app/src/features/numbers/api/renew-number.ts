import { api } from '../../../lib/api-client';
import type { MyNumber } from './get-my-numbers';

export function renewNumber(id: number) {
  return api.post<{ number: MyNumber; balance: number }>(`/numbers/${id}/renew`);
}
