import { api } from '../../../lib/api-client';
import type { IvrFlowDetail } from './get-flow';

export function duplicateIvrFlow(id: number) {
  return api.post<IvrFlowDetail>(`/ivr/flows/${id}/duplicate`);
}
