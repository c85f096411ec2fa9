import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LedgerEntry } from '../../../lib/ledger';
import { pageQuery, type Paged } from '../../../lib/paging';

export const TRANSACTIONS_PAGE_SIZE = 20;

export function getTransactions(page: number): Promise<Paged<LedgerEntry>> {
  return api.get<Paged<LedgerEntry>>(`/ledger?${pageQuery(page, TRANSACTIONS_PAGE_SIZE)}`);
}

export function useTransactions(page: number) {
  return useQuery({
    queryKey: ['ledger', page],
    queryFn: () => getTransactions(page),
    placeholderData: keepPreviousData,
    // Deposits and purchases elsewhere add rows; always show the latest on arrival.
    staleTime: 0,
  });
}
