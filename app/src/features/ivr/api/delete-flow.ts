import { api } from '../../../lib/api-client';

/** Refused (409) while a number routes its calls to the flow. */
export function deleteIvrFlow(id: number) {
  return api.delete<void>(`/ivr/flows/${id}`);
}
