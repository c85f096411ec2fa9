import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LedgerEntry } from '../../../lib/ledger';
import { pageQuery, type Paged } from '../../../lib/paging';
import { balancesKey } from './get-balances';

export const USER_TRANSACTIONS_PAGE_SIZE = 10;

export function getUserTransactions(userId: number, page: number): Promise<Paged<LedgerEntry>> {
  return api.get<Paged<LedgerEntry>>(
    `/admin/balances/${userId}/transactions?${pageQuery(page, USER_TRANSACTIONS_PAGE_SIZE)}`,
  );
}

export function useUserTransactions(userId: number, page: number) {
  return useQuery({
    // Under the balances key, so that an adjustment refreshes it too.
    queryKey: [...balancesKey, 'transactions', userId, page],
    queryFn: () => getUserTransactions(userId, page),
    placeholderData: keepPreviousData,
  });
}
