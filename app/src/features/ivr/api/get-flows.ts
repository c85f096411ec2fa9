import type { Schema } from '../../../generated/api-types';
import type { IvrLevel } from '../../../lib/core';
import { useApiGet } from '../../../lib/use-api-get';

export type IvrFlowSummary = Schema<'IvrFlowSummary'>;

/** The server's level is one of core's: flows are validated at it. */
export type IvrFlowList = Omit<Schema<'IvrFlowList'>, 'level'> & { level: IvrLevel };

export const ivrFlowsKey = ['ivr', 'flows'] as const;

export function useIvrFlows() {
  return useApiGet<IvrFlowList>(ivrFlowsKey, '/ivr/flows', { staleTime: 0 });
}
