import { api } from '../../../lib/api-client';
import type { AdminPhone } from './get-phones';

export function activatePhone(id: number) {
  return api.post<{ item: AdminPhone }>(`/admin/phones/${id}/activate`);
}
