import { apiBlob } from '../../../lib/api-client';

/** The recording as a WAV file, fetched with the session's token like every call. */
export function getVoicemailAudio(id: number) {
  return apiBlob(`/ivr/voicemails/${id}/audio`, { headers: { Accept: 'audio/wav' } });
}
