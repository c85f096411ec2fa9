import { api } from '../../../lib/api-client';

export function deleteVoicemail(id: number) {
  return api.delete<void>(`/ivr/voicemails/${id}`);
}
