import {
  Bell,
  CreditCard,
  MessageSquare,
  Package,
  Phone,
  RefreshCw,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../../../components/ui/basics/button';
import { formatDateTime } from '../../../lib/format-date';
import type { Notification } from '../api/get-notifications';

// Kinds are open-ended on the server; anything unknown gets the bell.
const kindIcons: [string, LucideIcon][] = [
  ['balance', Wallet],
  ['renew', RefreshCw],
  ['expir', RefreshCw],
  ['deposit', CreditCard],
  ['payment', CreditCard],
  ['package', Package],
  ['number', Phone],
  ['sms', MessageSquare],
];

function KindIcon({ kind }: { kind: string }) {
  const lower = kind.toLowerCase();
  const match = kindIcons.find(([part]) => lower.includes(part));
  const Icon = match ? match[1] : Bell;
  return <Icon className="h-5 w-5" aria-hidden="true" />;
}

interface NotificationItemProps {
  notification: Notification;
  onRead: (id: number) => void;
  marking: boolean;
}

export function NotificationItem({ notification, onRead, marking }: NotificationItemProps) {
  const unread = !notification.read;
  return (
    // A click anywhere on an unread item reads it; the button does the same from the keyboard.
    <li
      onClick={unread && !marking ? () => onRead(notification.id) : undefined}
      className={`flex gap-4 px-4 py-4 sm:px-6 ${
        unread
          ? 'cursor-pointer border-l-4 border-brand-600 bg-brand-50/60'
          : 'border-l-4 border-transparent'
      }`}
    >
      <span
        className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${
          unread ? 'bg-brand-100 text-brand-700' : 'bg-slate-100 text-slate-500'
        }`}
      >
        <KindIcon kind={notification.kind} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h3 className={`text-slate-900 ${unread ? 'font-semibold' : 'font-medium'}`}>
            {unread && <span className="sr-only">Unread:</span>} {notification.title}
          </h3>
          <time dateTime={notification.date} className="text-xs text-slate-600">
            {formatDateTime(notification.date)}
          </time>
        </div>
        <p className="mt-1 text-sm break-words text-slate-600">{notification.message}</p>
        {unread && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 -ml-3"
            disabled={marking}
            onClick={(event) => {
              event.stopPropagation();
              onRead(notification.id);
            }}
          >
            Mark as read
            <span className="sr-only">, {notification.title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
