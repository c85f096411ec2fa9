import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../generated/api-types';

type CountryRow = Schema<'CountryRate'>;

export interface CountryOption {
  value: string;
  label: string;
}

/** Every country of the rate table, as choices for a number's country. */
export function getCountryOptions() {
  return api.get<Paged<CountryRow>>(`/admin/country-pricing?${pageQuery(1, 100)}`);
}

export function useCountryOptions() {
  return useQuery({
    queryKey: ['admin', 'phones', 'countries'],
    queryFn: getCountryOptions,
    select: (data): CountryOption[] =>
      data.items.map((row) => ({
        value: row.code,
        label: `${row.country} (${row.code})`,
      })),
  });
}
