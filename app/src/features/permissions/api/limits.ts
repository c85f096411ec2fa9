import type { Schema } from '../../../generated/api-types';
import type { CapsInput } from '../../../lib/core';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';

export type Limits = Schema<'Limits'>;

export const limitsKey = ['limits'] as const;

/** The account's limits in force, its ceiling and its own choice. */
export function useLimits() {
  return useApiGet<Limits>(limitsKey, '/limits', { staleTime: 0 });
}

export function saveLimits(input: CapsInput) {
  return api.put<Limits>('/limits', input);
}
