import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { usd } from '../../../lib/core';
import { formatDateTime } from '../../../lib/format-date';
import { MESSAGES_PAGE_SIZE, useMessages, type SmsMessage } from '../api/get-messages';
import { partsText } from './sms-counter';
import { SmsStatusBadge } from './sms-status-badge';
import { usePaging } from '../../../lib/use-paging';

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
  const { page, paging } = usePaging(MESSAGES_PAGE_SIZE, {
    label: 'Message pages',
    hideSinglePage: true,
  });
  const messages = useMessages(page);
  return (
    <QueryList
      heading={{ id: 'recent-messages-heading', title: 'Recent messages' }}
      query={messages}
      loading={<TableSkeleton label="Loading messages..." rows={3} columns={3} />}
      error="Could not load your messages."
      empty="No recent messages"
      paging={paging}
      each={(sms) => <MessageItem key={sms.id} sms={sms} />}
    />
  );
}
