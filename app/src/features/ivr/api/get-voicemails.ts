import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type Voicemail = Schema<'IvrVoicemail'>;

export const voicemailsKey = ['ivr', 'voicemails'] as const;

/** My voicemails, newest first. */
export function useVoicemails() {
  return useApiGet<Voicemail[]>(voicemailsKey, '/ivr/voicemails', { staleTime: 0 });
}
