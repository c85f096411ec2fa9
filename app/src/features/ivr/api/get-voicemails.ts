import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Voicemail {
  id: number;
  caller: string;
  number: string | null;
  flowName: string | null;
  durationSeconds: number;
  createdAt: string;
}

export const voicemailsKey = ['ivr', 'voicemails'] as const;

export function useVoicemails() {
  return useQuery({
    queryKey: voicemailsKey,
    queryFn: () => api.get<{ items: Voicemail[] }>('/ivr/voicemails'),
    staleTime: 0,
  });
}
