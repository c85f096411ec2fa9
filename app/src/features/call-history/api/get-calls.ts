import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';

export type CallType = 'inbound' | 'outbound';
export type CallStatus = 'completed' | 'failed' | 'no-answer';

export interface CallRecord {
  id: number;
  type: CallType;
  /** The other party. */
  number: string;
  from: string;
  to: string;
  /** "m:ss" as the server formats it. */
  duration: string;
  durationSeconds: number;
  cost: number;
  date: string;
  status: CallStatus;
  recording: boolean;
  /** Admin list only: "Name <email>". */
  user?: string;
}

export interface CallTotals {
  calls: number;
  durationSeconds: number;
  cost: number;
}

export interface CallPage extends Paged<CallRecord> {
  totals: CallTotals;
}

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
