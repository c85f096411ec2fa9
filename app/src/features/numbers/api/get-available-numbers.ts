import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

/** `price`: the monthly fee; `setup`: the one-time setup fee. */
export type AvailableNumber = Schema<'AvailableNumber'>;

export type AvailableNumbers = Schema<'AvailableNumbers'>;

export const availableNumbersKey = ['numbers', 'available'] as const;

export function getAvailableNumbers(country: string, type: string) {
  const query = new URLSearchParams({ country, type });
  return api.get<AvailableNumbers>(`/numbers/available?${query.toString()}`);
}

export function useAvailableNumbers(country: string | null, type: string | null) {
  return useQuery({
    queryKey: [...availableNumbersKey, country, type],
    queryFn: () => getAvailableNumbers(country ?? '', type ?? ''),
    enabled: country !== null && type !== null,
    // Other buyers take numbers all the time: always ask again when the step opens.
    staleTime: 0,
  });
}
