import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

/** The route; `ivrFlowId` (the IVR flow answering its calls) is written out until the
 * server's OpenAPI document publishes it and api-types.ts is generated again. */
export type NumberRoute = Schema<'NumberRoute'> & { ivrFlowId?: number | null };

export const routeKey = (id: number) => ['numbers', 'route', id] as const;

export function useNumberRoute(id: number) {
  return useQuery({
    queryKey: routeKey(id),
    queryFn: () => api.get<NumberRoute>(`/numbers/${id}/route`),
    staleTime: 0,
  });
}

/** Which SIP devices ring for the number (none rings all of them), or where its calls
 * are forwarded (null: nowhere), or the IVR flow that answers them (null: none). */
export function saveNumberRoute(
  id: number,
  devices: number[],
  forwardTo: string | null,
  ivrFlowId: number | null = null,
) {
  return api.put<NumberRoute>(`/numbers/${id}/route`, { devices, forwardTo, ivrFlowId });
}
