import { useState } from 'react';
import { AppPage } from '../../../components/ui/app-page';
import { ListPanel, ListStates } from '../../../components/ui/list-panel';
import { Options } from '../../../components/ui/select-field';
import { LoadingStatus } from '../../../components/ui/spinner';
import { PAGE_SIZE, useMessages, type MessageStatus } from '../api/get-messages';
import { useMarkHandled } from '../api/mark-handled';
import { MessagesTable } from '../components/messages-table';

const statuses: { value: MessageStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

export function MessagesPage() {
  const [status, setStatus] = useState<MessageStatus>('open');
  const [page, setPage] = useState(1);
  const messages = useMessages(status, page);
  const markHandled = useMarkHandled();
  const total = messages.data?.total;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  // Handling the last message of the last page shrinks the list under our feet.
  if (total !== undefined && !messages.isPlaceholderData && page > lastPage) setPage(lastPage);

  return (
    <AppPage
      title="Messages"
      meta="Messages sent through the Dialtone contact form."
      description="Questions sent through the contact form."
      actions={
        <div>
          <label htmlFor="message-status" className="mb-1 block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="message-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as MessageStatus);
              setPage(1);
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            <Options options={statuses} />
          </select>
        </div>
      }
    >
      <ListPanel label="Messages" busy={messages.isFetching}>
        <ListStates
          query={messages}
          loading={<LoadingStatus label="Loading messages..." className="justify-center p-10" />}
          error="Could not load messages."
          empty="No messages"
          paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
        >
          {(data) => (
            <MessagesTable
              items={data.items}
              pendingId={markHandled.isPending ? (markHandled.variables ?? null) : null}
              onMarkHandled={(id) => markHandled.mutate(id)}
            />
          )}
        </ListStates>
      </ListPanel>
    </AppPage>
  );
}
