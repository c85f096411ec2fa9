import { api } from '../../../lib/api-client';
import type { IvrFlow } from '../../../lib/core';
import type { IvrFlowDetail } from './get-flow';

/** Creates a flow (no id) or replaces a saved one; a 400 carries core's problems. */
export function saveIvrFlow(id: number | null, flow: IvrFlow) {
  return id === null
    ? api.post<IvrFlowDetail>('/ivr/flows', flow)
    : api.put<IvrFlowDetail>(`/ivr/flows/${id}`, flow);
}
