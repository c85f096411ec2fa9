import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { PAGE_SIZE, useMessages, type MessageStatus } from '../api/get-messages';
import { useMarkHandled } from '../api/mark-handled';
import { MessagesTable } from '../components/messages-table';
import { Pagination } from '../../../components/ui/pagination';

const statuses: { value: MessageStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

export function MessagesPage() {
  usePageMeta('Messages', 'Messages sent through the Dialtone contact form.');
  const [status, setStatus] = useState<MessageStatus>('open');
  const [page, setPage] = useState(1);
  const messages = useMessages(status, page);
  const markHandled = useMarkHandled();
  const total = messages.data?.total;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  // Handling the last message of the last page shrinks the list under our feet.
  if (total !== undefined && !messages.isPlaceholderData && page > lastPage) setPage(lastPage);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
          <p className="mt-1 text-slate-600">Questions sent through the contact form.</p>
        </div>
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
            {statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <section
        aria-label="Messages"
        aria-busy={messages.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {messages.isPending ? (
          <p role="status" className="flex items-center justify-center gap-2 p-10 text-slate-600">
            <Spinner /> Loading messages...
          </p>
        ) : messages.isError ? (
          <LoadError
            message={messageOf(messages.error, 'Could not load messages.')}
            onRetry={() => void messages.refetch()}
            retrying={messages.isFetching}
          />
        ) : messages.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            No messages
          </p>
        ) : (
          <>
            <MessagesTable
              items={messages.data.items}
              pendingId={markHandled.isPending ? (markHandled.variables ?? null) : null}
              onMarkHandled={(id) => markHandled.mutate(id)}
            />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={messages.data.total}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </div>
  );
}
