import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../lib/api-types';

export type Movement = Schema<'Movement'>;

/** `held`: held by calls in progress; `uncollected`: call costs beyond what could be collected. */
export type BalanceItem = Schema<'BalanceItem'>;

export const BALANCES_PAGE_SIZE = 20;

export const balancesKey = ['admin', 'balances'] as const;

export function getBalances(search: string, page: number): Promise<Paged<BalanceItem>> {
  return api.get<Paged<BalanceItem>>(
    `/admin/balances?${pageQuery(page, BALANCES_PAGE_SIZE, { search })}`,
  );
}

export function useBalances(search: string, page: number) {
  return useQuery({
    queryKey: [...balancesKey, 'list', search, page],
    queryFn: () => getBalances(search, page),
    placeholderData: keepPreviousData,
    // Payments settle and balances move elsewhere; never show an old list on arrival.
    staleTime: 0,
  });
}
