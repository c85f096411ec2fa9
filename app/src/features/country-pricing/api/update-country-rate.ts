import { api } from '../../../lib/api-client';
import type { CountryRate, CountryRateBody } from './get-country-rates';

export function updateCountryRate(id: number, body: CountryRateBody) {
  return api.put<{ item: CountryRate }>(`/admin/country-pricing/${id}`, body);
}
