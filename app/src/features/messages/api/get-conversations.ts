import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type Conversation = Schema<'Conversation'>;
export type Conversations = Schema<'Conversations'>;
export type ConversationMessage = Schema<'ConversationMessage'>;

export const conversationsKey = ['sms', 'conversations'] as const;

/** The 100 most recent conversations, newest first. Replies arrive on their own: refetched
 * every 15 seconds while shown. */
export function useConversations() {
  return useApiGet<Conversations>(conversationsKey, '/sms/conversations', { pollEvery: 15_000 });
}
