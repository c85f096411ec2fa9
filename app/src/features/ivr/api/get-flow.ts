import type { Schema } from '../../../generated/api-types';
import type { IvrFlow } from '../../../lib/core';
import { useApiGet } from '../../../lib/use-api-get';
import { ivrFlowsKey } from './get-flows';

/** The schema leaves the flow open; it is core's model. */
export type IvrFlowDetail = Omit<Schema<'IvrFlowDetail'>, 'flow'> & { flow: IvrFlow };

export const ivrFlowKey = (id: number) => [...ivrFlowsKey, id] as const;

export function useIvrFlow(id: number) {
  return useApiGet<IvrFlowDetail>(ivrFlowKey(id), `/ivr/flows/${id}`, { staleTime: 0 });
}
