import { api } from '../../../lib/api-client';
import type { AdminPhone } from './get-phones';

/** Gives the number to the customer with this e-mail; null returns it to the inventory. */
export function reassignPhone(id: number, email: string | null) {
  return api.post<{ item: AdminPhone }>(`/admin/phones/${id}/reassign`, { email });
}
