import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import { formatDateTime } from '../../../lib/format-date';
import { MESSAGES_PAGE_SIZE, useMessages, type SmsMessage } from '../api/get-messages';
import { partsText } from './sms-counter';
import { SmsStatusBadge } from './sms-status-badge';

function MessageItem({ sms }: { sms: SmsMessage }) {
  return (
    <li className="space-y-2 px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900 tabular-nums">{sms.to}</p>
        <SmsStatusBadge status={sms.status} />
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{sms.message}</p>
      {sms.status === 'failed' && sms.error && <p className="text-sm text-red-700">{sms.error}</p>}
      <p className="flex flex-wrap gap-x-3 text-xs text-slate-500">
        <time dateTime={sms.date}>{formatDateTime(sms.date)}</time>
        <span>{partsText(sms.segments)}</span>
        <span className="tabular-nums">{usd(sms.cost)}</span>
      </p>
    </li>
  );
}

export function RecentMessages() {
  const [page, setPage] = useState(1);
  const messages = useMessages(page);
  return (
    <section
      aria-labelledby="recent-messages-heading"
      aria-busy={messages.isFetching}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id="recent-messages-heading"
        className="border-b border-slate-200 px-4 py-4 text-lg font-semibold text-slate-900 sm:px-6"
      >
        Recent messages
      </h2>
      {messages.isPending ? (
        <TableSkeleton label="Loading messages..." rows={3} columns={3} />
      ) : messages.isError ? (
        <LoadError
          message={messageOf(messages.error, 'Could not load your messages.')}
          onRetry={() => void messages.refetch()}
          retrying={messages.isFetching}
        />
      ) : messages.data.items.length === 0 ? (
        <p role="status" className="p-10 text-center text-slate-600">
          No recent messages
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {messages.data.items.map((sms) => (
              <MessageItem key={sms.id} sms={sms} />
            ))}
          </ul>
          {messages.data.total > MESSAGES_PAGE_SIZE && (
            <Pagination
              label="Message pages"
              page={page}
              pageSize={MESSAGES_PAGE_SIZE}
              total={messages.data.total}
              onPage={setPage}
              disabled={messages.isPlaceholderData}
            />
          )}
        </>
      )}
    </section>
  );
}
