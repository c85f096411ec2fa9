import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IvrLevel } from '../../../lib/core';

// Provisional shapes until the server's OpenAPI types land in api-types.ts.
export interface IvrFlowSummary {
  id: number;
  name: string;
  steps: number;
  numbers: string[];
  updatedAt: string;
}

export interface IvrFlowList {
  items: IvrFlowSummary[];
  /** What the customer's packages allow; flows are validated at this level. */
  level: IvrLevel;
  /** The monthly price of each flow in use. */
  monthlyPrice: number;
}

export const ivrFlowsKey = ['ivr', 'flows'] as const;

export function useIvrFlows() {
  return useQuery({
    queryKey: ivrFlowsKey,
    queryFn: () => api.get<IvrFlowList>('/ivr/flows'),
    staleTime: 0,
  });
}
