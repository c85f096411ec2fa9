import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IvrFlow, IvrLevel } from '../../../lib/core';
import { ivrFlowsKey } from './get-flows';

export interface IvrFlowDetail {
  id: number;
  name: string;
  flow: IvrFlow;
  numbers: string[];
  level: IvrLevel;
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
