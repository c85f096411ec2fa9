import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format-date';
import type { ConversationId } from '../api/get-conversation';
import type { Conversation } from '../api/get-conversations';
import { conversationHref, sameConversation } from './conversation-link';

interface ConversationListProps {
  conversations: Conversation[];
  open: ConversationId | null;
  onOpen: () => void;
}

function count(messages: number): string {
  return `${messages} ${messages === 1 ? 'message' : 'messages'}`;
}

/** Each conversation with its contact, the customer's number, its last message and count. */
export function ConversationList({ conversations, open, onOpen }: ConversationListProps) {
  return (
    <ul className="divide-y divide-slate-200">
      {conversations.map((c) => {
        const current = sameConversation(open, c);
        return (
          <li key={`${c.number} ${c.contact}`}>
            <Link
              to={conversationHref(c)}
              onClick={onOpen}
              aria-current={current ? 'true' : undefined}
              className={`block space-y-1 px-4 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6 ${
                current ? 'bg-brand-50' : 'hover:bg-slate-50'
              }`}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold text-slate-900 tabular-nums">{c.contact}</span>
                <time dateTime={c.last.date} className="text-xs text-slate-600">
                  {formatDateTime(c.last.date)}
                </time>
              </span>
              <span className="block truncate text-sm text-slate-700">
                {c.last.direction === 'outbound' && <span className="text-slate-600">You: </span>}
                {c.last.body}
              </span>
              <span className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
                <span>
                  via <span className="tabular-nums">{c.number}</span>
                </span>
                <span>{count(c.messages)}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
