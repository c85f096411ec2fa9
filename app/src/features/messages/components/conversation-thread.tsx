import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { formatDateTime } from '../../../lib/format-date';
import { SmsStatusBadge } from '../../sms/components/sms-status-badge';
import { useConversation, type ConversationId } from '../api/get-conversation';
import type { ConversationMessage } from '../api/get-conversations';
import { ReplyForm } from './reply-form';
import { ListPanel, ListStates } from '../../../components/ui/tables/list-panel';

function Bubble({ message }: { message: ConversationMessage }) {
  const outbound = message.direction === 'outbound';
  return (
    <li className={`flex ${outbound ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] space-y-1 rounded-2xl px-4 py-2 sm:max-w-[75%] ${
          outbound ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100'
        }`}
      >
        <span className="sr-only">{outbound ? 'Sent: ' : 'Received: '}</span>
        <p
          className={`text-sm break-words whitespace-pre-wrap ${outbound ? 'text-white' : 'text-slate-900'}`}
        >
          {message.body}
        </p>
        <p
          className={`flex flex-wrap items-center justify-end gap-2 text-xs ${
            outbound ? 'text-brand-50' : 'text-slate-600'
          }`}
        >
          <time dateTime={message.date}>{formatDateTime(message.date)}</time>
          {outbound && <SmsStatusBadge status={message.status} />}
        </p>
      </div>
    </li>
  );
}

interface ConversationThreadProps {
  id: ConversationId;
  /** Move the focus to the thread's heading once shown, e.g. when it replaced the list. */
  focusOnOpen: boolean;
}

/** One conversation's messages as chat bubbles: received on the left, sent on the right. */
export function ConversationThread({ id, focusOnOpen }: ConversationThreadProps) {
  const thread = useConversation(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const shown = thread.data?.messages.length ?? 0;

  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen, id.number, id.contact]);

  // Open at the newest message, and follow new ones as they arrive.
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [shown]);

  return (
    <ListPanel labelledBy="thread-heading" busy={thread.isFetching}>
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <Link
          to={paths.client.messages}
          className="-ml-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 lg:hidden"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">Back to conversations</span>
        </Link>
        <div className="min-w-0">
          <h2
            id="thread-heading"
            ref={heading}
            tabIndex={-1}
            className="truncate text-lg font-semibold text-slate-900 tabular-nums focus:outline-none"
          >
            {id.contact}
          </h2>
          <p className="truncate text-sm text-slate-600">
            with your number <span className="tabular-nums">{id.number}</span>
          </p>
        </div>
      </div>
      <ListStates
        query={thread}
        loading={<TableSkeleton label="Loading conversation..." rows={4} columns={1} />}
        error="Could not load this conversation."
        isEmpty={(data) => data.messages.length === 0}
        empty={
          <p role="status" className="p-8 text-center text-slate-600">
            No messages with this number yet.
          </p>
        }
      >
        {(data) => (
          <div
            ref={scroller}
            role="region"
            aria-label={`Messages with ${id.contact}`}
            tabIndex={0}
            className="max-h-[36rem] overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:p-6"
          >
            <ol className="space-y-3">
              {data.messages.map((message, index) => (
                <Bubble key={`${message.date} ${index}`} message={message} />
              ))}
            </ol>
          </div>
        )}
      </ListStates>
      <ReplyForm key={`${id.number} ${id.contact}`} id={id} />
    </ListPanel>
  );
}
