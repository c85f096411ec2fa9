import { paths } from '../../../app/paths';
import type { ConversationId } from '../api/get-conversation';

/** The Messages page with one conversation open. */
export function conversationHref({ number, contact }: ConversationId): string {
  return `${paths.client.messages}?${new URLSearchParams({ number, contact })}`;
}

export function sameConversation(a: ConversationId | null, b: ConversationId): boolean {
  return a !== null && a.number === b.number && a.contact === b.contact;
}
