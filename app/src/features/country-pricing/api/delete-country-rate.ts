import { api } from '../../../lib/api-client';

export function deleteCountryRate(id: number) {
  return api.delete<void>(`/admin/country-pricing/${id}`);
}
