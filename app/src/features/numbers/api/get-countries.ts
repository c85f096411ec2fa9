import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type NumberType = 'mobile' | 'landline' | 'tollfree';

/** A country whose numbers can be bought, with the types it offers. */
export interface BuyableCountry {
  id: number;
  name: string;
  code: string;
  flag: string;
  mobile: boolean;
  landline: boolean;
  tollfree: boolean;
}

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
