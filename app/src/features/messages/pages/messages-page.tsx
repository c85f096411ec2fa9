import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { AppPage } from '../../../components/ui/layout/app-page';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import type { ConversationId } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { ConversationList } from '../components/conversation-list';
import { ConversationThread } from '../components/conversation-thread';

/** The open conversation, from `?number=...&contact=...`, so that it has a link of its own. */
function useOpenConversation(): ConversationId | null {
  const [params] = useSearchParams();
  const number = params.get('number');
  const contact = params.get('contact');
  return number && contact ? { number, contact } : null;
}

/**
 * The customer's SMS as conversations: what each of their numbers sent to and received
 * from each other party. Wide screens show the list beside the open thread; narrow ones
 * show one at a time, the thread with a way back to the list.
 */
export function MessagesPage() {
  const conversations = useConversations();
  const open = useOpenConversation();
  // Set when a conversation is chosen from the list, so the focus follows it to the thread.
  const [chosen, setChosen] = useState(false);
  const any = (conversations.data?.conversations.length ?? 0) > 0;
  return (
    <AppPage
      title="Messages"
      meta="Your text messages, sent and received, by conversation."
      description="What your numbers sent and received, by conversation. New messages appear on their own."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <div className={open ? 'max-lg:hidden' : undefined}>
          <QueryList
            heading={{ id: 'conversations-heading', title: 'Conversations' }}
            query={conversations}
            loading={<TableSkeleton label="Loading conversations..." rows={4} columns={2} />}
            error="Could not load your messages."
            isEmpty={(data) => data.conversations.length === 0}
            empty={
              <EmptyStatus>
                No messages yet.{' '}
                <Link
                  to={paths.client.sendSms}
                  className="font-semibold text-brand-700 underline hover:text-brand-800"
                >
                  Send an SMS
                </Link>
              </EmptyStatus>
            }
          >
            {(data) => (
              <ConversationList
                conversations={data.conversations}
                open={open}
                onOpen={() => setChosen(true)}
              />
            )}
          </QueryList>
        </div>
        {open ? (
          <ConversationThread id={open} focusOnOpen={chosen} />
        ) : (
          any && (
            <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 max-lg:hidden">
              Choose a conversation to read it.
            </p>
          )
        )}
      </div>
    </AppPage>
  );
}
