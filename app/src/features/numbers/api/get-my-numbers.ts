import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

/** `expiryDate`: the next renewal, or the end of a cancelled number; null while pending. */
export type MyNumber = Schema<'MyNumber'>;

export const myNumbersKey = ['numbers', 'mine'] as const;

export function getMyNumbers() {
  return api.get<{ numbers: MyNumber[] }>('/numbers/mine');
}

export function useMyNumbers() {
  return useQuery({
    queryKey: myNumbersKey,
    queryFn: getMyNumbers,
    select: (data) => data.numbers,
    staleTime: 0,
  });
}
