import { api } from '../../../lib/api-client';

export function deleteSipDevice(id: number) {
  return api.delete<void>(`/sip/devices/${id}`);
}
