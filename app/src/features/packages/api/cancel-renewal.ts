import { api } from '../../../lib/api-client';
import type { MyPackage } from './get-my-packages';

/** Stops a plan renewing: it keeps its minutes until the end of the period it is in. */
export function cancelRenewal(id: number) {
  return api.post<MyPackage>(`/packages/mine/${id}/cancel`);
}
