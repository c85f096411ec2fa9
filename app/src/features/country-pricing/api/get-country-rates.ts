import type { Schema } from '../../../generated/api-types';
import { usePagedList } from '../../../lib/use-paged-list';

export type CountryRate = Schema<'CountryRate'>;

/** What create and update take; rates go as the decimal text core checked. */
export interface CountryRateBody {
  country: string;
  code: string;
  callingCode: string;
  flag: string;
  inboundRate: string;
  outboundRate: string;
  smsRate: string;
  status: 'active' | 'inactive';
}

export const countryRatesKey = ['admin', 'country-pricing'] as const;

export function useCountryRates(search: string, status: string, page: number) {
  return usePagedList<CountryRate>(
    countryRatesKey,
    '/admin/country-pricing',
    { search, status },
    page,
  );
}
