import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { DividedList } from '../../../components/ui/tables/divided-list';
import { formatDateTime } from '../../../lib/format-date';
import type { SipBan } from '../api/get-sip-bans';

const reasons: Record<string, string> = {
  scanner: 'SIP scanner',
  flood: 'Request flood',
  auth_failures: 'Failed passwords',
};

/** Addresses the switch answers nothing (or 403) for now, and why. */
export function SipBans({ bans }: { bans: SipBan[] }) {
  if (bans.length === 0) {
    return <EmptyStatus>No address is banned now</EmptyStatus>;
  }
  return (
    <DividedList items={bans}>
      {(ban) => (
        <li
          key={`${ban.address}-${ban.bannedAt}`}
          className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6"
        >
          <div className="min-w-0">
            <p className="truncate font-mono font-medium text-slate-900">{ban.address}</p>
            <p className="truncate text-sm text-slate-500">
              {reasons[ban.reason] ?? ban.reason}
              {ban.userAgent ? ` (${ban.userAgent})` : ''}
            </p>
          </div>
          <time dateTime={ban.expiresAt} className="shrink-0 text-xs text-slate-500">
            Until {formatDateTime(ban.expiresAt)}
          </time>
        </li>
      )}
    </DividedList>
  );
}
