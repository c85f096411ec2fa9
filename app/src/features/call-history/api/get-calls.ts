import type { Schema } from '../../../generated/api-types';
import type { ListFilters } from '../../../lib/paging';
import { usePagedList } from '../../../lib/use-paged-list';

export type CallType = 'inbound' | 'outbound';
export type CallStatus = 'completed' | 'failed' | 'no-answer';

/** `number` is the other party; `duration` "m:ss"; `user` (admin list) "Name <email>". */
export type CallRecord = Schema<'CallItem'>;

export type CallTotals = Schema<'CallTotals'>;

export type CallPage = Schema<'CallPage'>;

/** Whose calls: the signed-in client's own, or everyone's for an administrator. */
export type CallScope = 'client' | 'admin';

export type CallFilters = ListFilters<'type' | 'status'>;

export function callsBase(scope: CallScope): string {
  return scope === 'admin' ? '/admin/calls' : '/calls';
}

export function useCalls(scope: CallScope, filters: CallFilters, page: number) {
  return usePagedList<CallRecord, CallPage>(['calls', scope], callsBase(scope), filters, page);
}
