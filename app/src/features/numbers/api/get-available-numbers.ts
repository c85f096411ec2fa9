import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

/** `price`: the monthly fee; `setup`: the one-time setup fee. */
export type AvailableNumber = Schema<'AvailableNumber'>;

export type AvailableNumbers = Schema<'AvailableNumbers'>;

/**
 * What the buyer looks for among the numbers for sale. `prefix`: digits the national
 * number starts with (an area code); `contains`: digits, keypad letters (CALL is 2255) or
 * `*` for any one digit. An empty one is not sent.
 */
export interface NumberSearch {
  prefix: string;
  contains: string;
  /** `voice` or `sms`: only numbers that can do it; empty for any. */
  capability: string;
}

export const noNumberSearch: NumberSearch = { prefix: '', contains: '', capability: '' };

export const availableNumbersKey = ['numbers', 'available'] as const;

export function getAvailableNumbers(
  country: string,
  type: string,
  search: NumberSearch = noNumberSearch,
) {
  const query = new URLSearchParams({ country, type });
  if (search.prefix !== '') query.set('prefix', search.prefix);
  if (search.contains !== '') query.set('contains', search.contains);
  if (search.capability !== '') query.set('capability', search.capability);
  return api.get<AvailableNumbers>(`/numbers/available?${query.toString()}`);
}

export function useAvailableNumbers(
  country: string | null,
  type: string | null,
  search: NumberSearch = noNumberSearch,
) {
  return useQuery({
    queryKey: [
      ...availableNumbersKey,
      country,
      type,
      search.prefix,
      search.contains,
      search.capability,
    ],
    queryFn: () => getAvailableNumbers(country ?? '', type ?? '', search),
    enabled: country !== null && type !== null,
    // Other buyers take numbers all the time: always ask again when the step opens.
    staleTime: 0,
    // While another search of the same country and type loads, its last answer stays on
    // screen (and the search fields in place); another country or type starts afresh.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === country && previousQuery?.queryKey[3] === type
        ? previous
        : undefined,
  });
}
