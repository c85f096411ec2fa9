import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type ConversationThread = Schema<'ConversationThread'>;

/** One conversation: the customer's number and the other party, both E.164. */
export interface ConversationId {
  number: string;
  contact: string;
}

/** The last 200 messages between the two numbers, oldest first. */
export function getConversation({ number, contact }: ConversationId) {
  const query = new URLSearchParams({ number, contact });
  return api.get<ConversationThread>(`/sms/conversation?${query}`);
}

/** The open thread, refetched every 15 seconds while shown; nothing while none is open. */
export function useConversation(id: ConversationId | null) {
  return useQuery({
    queryKey: ['sms', 'conversation', id?.number, id?.contact],
    queryFn: () => getConversation(id as ConversationId),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: 15_000,
  });
}
