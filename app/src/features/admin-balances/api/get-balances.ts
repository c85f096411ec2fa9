import type { Schema } from '../../../generated/api-types';
import { usePagedList } from '../../../lib/use-paged-list';

export type Movement = Schema<'Movement'>;

/** `held`: held by calls in progress; `uncollected`: call costs beyond what could be collected. */
export type BalanceItem = Schema<'BalanceItem'>;

export const balancesKey = ['admin', 'balances'] as const;

// Payments settle and balances move elsewhere: usePagedList never shows an old list on arrival.
export function useBalances(search: string, page: number) {
  return usePagedList<BalanceItem>([...balancesKey, 'list'], '/admin/balances', { search }, page);
}
