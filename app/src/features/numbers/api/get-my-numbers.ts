import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type MyNumberStatus = 'active' | 'expired' | 'pending' | (string & {});

export interface MyNumber {
  id: number;
  number: string;
  country: string;
  countryCode: string;
  flag: string;
  type: 'Mobile' | 'Landline' | 'Toll-Free';
  purchaseDate: string | null;
  /** The next renewal, or the end of a cancelled number; null while pending. */
  expiryDate: string | null;
  daysRemaining: number | null;
  status: MyNumberStatus;
  monthlyFee: number;
  autoRenew: boolean;
}

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
