import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type LiveCall = Schema<'LiveCall'>;
export type LiveCalls = Schema<'LiveCalls'>;

/** The signed-in client's own calls in progress, or everyone's for an administrator. */
export type LiveScope = 'client' | 'admin';

/** How often the list is asked again while it is on screen: talk time and cost grow. */
export const LIVE_REFRESH_MS = 3000;

export const liveKey = (scope: LiveScope) => ['calls', 'live', scope] as const;

export function useLiveCalls(scope: LiveScope) {
  return useQuery({
    queryKey: liveKey(scope),
    queryFn: () => api.get<LiveCalls>(scope === 'admin' ? '/admin/calls/live' : '/calls/live'),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** Asks the switch carrying the call to end it (both legs get BYE). */
export function hangUp(callId: string) {
  return api.post<void>(`/admin/calls/live/${encodeURIComponent(callId)}/hangup`);
}
