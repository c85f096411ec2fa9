import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IvrFlow } from '../../../lib/core';
import { ivrFlowsKey } from './get-flows';

// Provisional until the server's OpenAPI types land in api-types.ts (IvrFlowDetail).
export interface IvrFlowDetail {
  id: number;
  name: string;
  flow: IvrFlow;
  /** The active numbers routed to it. */
  numbers: string[];
  prompts: Array<{ stepId: string; source: string; label: string; seconds: number }>;
  /** Its monthly charge, while a number routes to it. */
  subscription?: { renewsAt: string; monthlyPrice: number } | null;
  createdAt: string;
  updatedAt: string;
}

export const ivrFlowKey = (id: number) => [...ivrFlowsKey, id] as const;

export function useIvrFlow(id: number) {
  return useQuery({
    queryKey: ivrFlowKey(id),
    queryFn: () => api.get<IvrFlowDetail>(`/ivr/flows/${id}`),
    staleTime: 0,
  });
}
