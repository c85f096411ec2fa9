import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';
import { pageQuery, type Paged } from '../../../lib/paging';

type CountryRow = Schema<'CountryRate'>;

/** The server's largest page. */
const PAGE_SIZE = 100;

function countryPage(page: number) {
  return api.get<Paged<CountryRow>>(`/admin/country-pricing?${pageQuery(page, PAGE_SIZE)}`);
}

/** The code of every country of Country Pricing, active or not: a deck may name only these. */
export async function getCountryCodes(): Promise<string[]> {
  const first = await countryPage(1);
  const pages = Math.ceil(first.total / PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => countryPage(i + 2)),
  );
  return [first, ...rest].flatMap((page) => page.items.map((row) => row.code));
}

/** The codes, fetched once per visit of the page and then reused for every file checked. */
export function fetchCountryCodes(queryClient: QueryClient): Promise<string[]> {
  return queryClient.fetchQuery({
    queryKey: ['admin', 'rate-deck-countries'],
    queryFn: getCountryCodes,
    staleTime: 60_000,
  });
}
