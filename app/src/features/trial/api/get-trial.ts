import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

/** `credit`: granted so far (0 until the first number is verified); `offeredCredit`: what
 * verifying a first number grants. */
export type Trial = Schema<'TrialView'>;

export const trialKey = ['trial'] as const;

export function getTrial(): Promise<Trial> {
  return api.get<Trial>('/trial');
}

export function useTrial() {
  return useQuery({ queryKey: trialKey, queryFn: getTrial, staleTime: 30_000 });
}
