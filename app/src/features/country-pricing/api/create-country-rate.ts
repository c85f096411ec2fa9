import { api } from '../../../lib/api-client';
import type { CountryRate, CountryRateBody } from './get-country-rates';

export function createCountryRate(body: CountryRateBody) {
  return api.post<{ item: CountryRate }>('/admin/country-pricing', body);
}
