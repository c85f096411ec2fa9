import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

/** A number's URLs; empty strings where none is set. */
export type NumberHooks = Schema<'Hooks'>;

export const hooksKey = (id: number) => ['numbers', 'hooks', id] as const;

export function useNumberHooks(id: number) {
  return useQuery({
    queryKey: hooksKey(id),
    queryFn: () => api.get<NumberHooks>(`/numbers/${id}/hooks`),
    staleTime: 0,
  });
}

/** Saves every URL of the number (an empty one clears it). */
export function saveNumberHooks(id: number, hooks: NumberHooks) {
  return api.put<NumberHooks>(`/numbers/${id}/hooks`, hooks);
}
