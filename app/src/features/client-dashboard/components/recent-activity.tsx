import { CreditCard, MessageSquare, PhoneCall, ShoppingCart, type LucideIcon } from 'lucide-react';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { usd } from '../../../lib/core';
import { formatDateTime } from '../../../lib/format-date';
import type { ActivityItem, ActivityType } from '../api/get-dashboard';
import { relativeTime } from './relative-time';

const icons: Record<ActivityType, LucideIcon> = {
  call: PhoneCall,
  sms: MessageSquare,
  deposit: CreditCard,
  purchase: ShoppingCart,
};

function describe(item: ActivityItem): { title: string; detail?: string } {
  switch (item.type) {
    case 'call':
      return {
        title: `Call with ${item.number ?? 'unknown number'}`,
        detail: item.duration ? `Duration ${item.duration}` : undefined,
      };
    case 'sms':
      return { title: `SMS to ${item.number ?? 'unknown number'}`, detail: item.message };
    case 'deposit':
      return { title: item.method ? `Deposit by ${item.method}` : 'Deposit' };
    case 'purchase':
      return { title: item.item ? `Purchased ${item.item}` : 'Purchase' };
    default:
      return { title: 'Activity' };
  }
}

/** Deposits add to the balance; everything else is a charge. */
function amountOf(item: ActivityItem): { text: string; tone: string } | null {
  if (item.type === 'deposit') {
    const amount = item.amount ?? 0;
    return { text: `+${usd(amount)}`, tone: 'text-green-700' };
  }
  const charge: number | undefined = 'cost' in item ? item.cost : item.amount;
  if (charge === undefined) return null;
  return charge === 0
    ? { text: usd(0), tone: 'text-slate-600' }
    : { text: usd(-Math.abs(charge)), tone: 'text-slate-900' };
}

export function RecentActivity({ items }: { items: ActivityItem[] }) {
  if (items.length === 0) {
    return <EmptyStatus>No recent activity</EmptyStatus>;
  }
  return (
    <ul className="divide-y divide-slate-200">
      {items.map((item) => {
        const Icon = icons[item.type] ?? CreditCard;
        const { title, detail } = describe(item);
        const amount = amountOf(item);
        return (
          <li key={item.id} className="flex items-center gap-3 px-4 py-3 sm:px-6">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
              <Icon className="h-4 w-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium break-words text-slate-900">{title}</p>
              {detail && <p className="truncate text-xs text-slate-500">{detail}</p>}
              <time
                dateTime={item.date}
                title={formatDateTime(item.date)}
                className="text-xs text-slate-500"
              >
                {relativeTime(item.date)}
              </time>
            </div>
            {amount && (
              <span className={`shrink-0 text-sm font-semibold tabular-nums ${amount.tone}`}>
                {amount.text}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
