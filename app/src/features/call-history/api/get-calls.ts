import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paging';
import type { Schema } from '../../../lib/api-types';

export type CallType = 'inbound' | 'outbound';
export type CallStatus = 'completed' | 'failed' | 'no-answer';

/** `number` is the other party; `duration` "m:ss"; `user` (admin list) "Name <email>". */
export type CallRecord = Schema<'CallItem'>;

export type CallTotals = Schema<'CallTotals'>;

export type CallPage = Schema<'CallPage'>;

/** Whose calls: the signed-in client's own, or everyone's for an administrator. */
export type CallScope = 'client' | 'admin';

export interface CallFilters {
  search: string;
  /** Empty for both directions. */
  type: string;
  /** Empty for every status. */
  status: string;
}

export const CALLS_PAGE_SIZE = 20;

export function callsBase(scope: CallScope): string {
  return scope === 'admin' ? '/admin/calls' : '/calls';
}

export function getCalls(scope: CallScope, filters: CallFilters, page: number) {
  return api.get<CallPage>(
    `${callsBase(scope)}?${pageQuery(page, CALLS_PAGE_SIZE, { ...filters })}`,
  );
}

export function useCalls(scope: CallScope, filters: CallFilters, page: number) {
  return useQuery({
    queryKey: ['calls', scope, filters, page],
    queryFn: () => getCalls(scope, filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
