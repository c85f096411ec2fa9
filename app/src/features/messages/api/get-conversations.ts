import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

export type Conversation = Schema<'Conversation'>;
export type Conversations = Schema<'Conversations'>;
export type ConversationMessage = Schema<'ConversationMessage'>;

export const conversationsKey = ['sms', 'conversations'] as const;

/** The 100 most recent conversations, newest first. */
export function getConversations() {
  return api.get<Conversations>('/sms/conversations');
}

/** Replies arrive on their own: refetched every 15 seconds while shown. */
export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: getConversations,
    staleTime: 0,
    refetchInterval: 15_000,
  });
}
