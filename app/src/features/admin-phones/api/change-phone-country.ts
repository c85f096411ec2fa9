import { api } from '../../../lib/api-client';
import type { AdminPhone } from './get-phones';

export function changePhoneCountry(id: number, countryCode: string) {
  return api.post<{ item: AdminPhone }>(`/admin/phones/${id}/change-country`, { countryCode });
}
