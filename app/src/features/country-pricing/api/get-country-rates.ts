import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../lib/api-types';

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

export const RATES_PAGE_SIZE = 20;

export const countryRatesKey = ['admin', 'country-pricing'] as const;

export function getCountryRates(search: string, status: string, page: number) {
  return api.get<Paged<CountryRate>>(
    `/admin/country-pricing?${pageQuery(page, RATES_PAGE_SIZE, { search, status })}`,
  );
}

export function useCountryRates(search: string, status: string, page: number) {
  return useQuery({
    queryKey: [...countryRatesKey, search, status, page],
    queryFn: () => getCountryRates(search, status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
