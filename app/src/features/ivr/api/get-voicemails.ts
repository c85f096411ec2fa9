import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Provisional until the server's OpenAPI types land in api-types.ts (IvrVoicemail).
export interface Voicemail {
  id: number;
  /** The number that was called. */
  number?: string | null;
  flowId?: number | null;
  flowName?: string | null;
  caller: string;
  seconds: number;
  date: string;
  /** Played or downloaded at least once. */
  heard: boolean;
}

export const voicemailsKey = ['ivr', 'voicemails'] as const;

/** My voicemails, newest first. */
export function useVoicemails() {
  return useQuery({
    queryKey: voicemailsKey,
    queryFn: () => api.get<Voicemail[]>('/ivr/voicemails'),
    staleTime: 0,
  });
}
