import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../generated/api-types';

export type DepositStatus = 'creating' | 'pending' | 'succeeded' | 'failed';

export type Deposit = Schema<'Deposit'>;

export const DEPOSITS_PAGE_SIZE = 10;

export const depositsKey = ['payment', 'deposits'] as const;

export function getDeposits(page: number): Promise<Paged<Deposit>> {
  return api.get<Paged<Deposit>>(`/payment/deposits?${pageQuery(page, DEPOSITS_PAGE_SIZE)}`);
}

export function useDeposits(page: number) {
  return useQuery({
    queryKey: [...depositsKey, page],
    queryFn: () => getDeposits(page),
    placeholderData: keepPreviousData,
    // Payments settle and balances move elsewhere; never show an old list on arrival.
    staleTime: 0,
  });
}
