import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type NumberType = 'mobile' | 'landline' | 'tollfree';

/** A country whose numbers can be bought, with the types it offers. */
export type BuyableCountry = Schema<'ShopCountry'>;

export function getCountries() {
  return api.get<{ countries: BuyableCountry[] }>('/numbers/countries');
}

export function useCountries() {
  return useQuery({
    queryKey: ['numbers', 'countries'],
    queryFn: getCountries,
    select: (data) => data.countries,
  });
}
