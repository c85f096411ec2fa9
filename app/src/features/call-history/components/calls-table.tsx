import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { usd } from '../../../lib/core';
import { formatDateTime } from '../../../lib/format-date';
import type { CallRecord } from '../api/get-calls';
import { CallDirection } from './call-direction';
import { CallStatusBadge } from './call-status-badge';
import { ScrollBox } from '../../../components/ui/scroll-box';

interface CallsTableProps {
  items: CallRecord[];
  caption: string;
  /** Administrators see whose call it was. */
  showUser?: boolean;
  /** The call whose recording is downloading, if any. */
  downloading?: number | null;
  onDownload: (call: CallRecord) => void;
}

const th = 'px-4 py-3 font-semibold';
const td = 'px-4 py-3 whitespace-nowrap';

/** Call records; scrolls inside its own box on narrow screens. */
export function CallsTable({
  items,
  caption,
  showUser = false,
  downloading = null,
  onDownload,
}: CallsTableProps) {
  return (
    <ScrollBox label={caption}>
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className={th}>
              Call Details
            </th>
            {showUser && (
              <th scope="col" className={th}>
                User
              </th>
            )}
            <th scope="col" className={th}>
              Duration
            </th>
            <th scope="col" className={`${th} text-right`}>
              Cost
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Recording
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {items.map((call) => (
            <tr key={call.id}>
              <td className={td}>
                <CallDirection type={call.type} number={call.number} />
                <time dateTime={call.date} className="mt-1 block pl-12 text-xs text-slate-500">
                  {formatDateTime(call.date)}
                </time>
              </td>
              {showUser && <td className="px-4 py-3 text-slate-700">{call.user ?? '-'}</td>}
              <td className={`${td} text-slate-700 tabular-nums`}>{call.duration}</td>
              <td className={`${td} text-right text-slate-900 tabular-nums`}>{usd(call.cost)}</td>
              <td className={td}>
                <CallStatusBadge status={call.status} />
              </td>
              <td className={td}>
                {call.recording ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={downloading === call.id}
                    disabled={downloading !== null && downloading !== call.id}
                    onClick={() => onDownload(call)}
                  >
                    <Download className="h-4 w-4" aria-hidden="true" />
                    Download{' '}
                    <span className="sr-only">recording of the call with {call.number}</span>
                  </Button>
                ) : (
                  <span className="text-slate-500">Not available</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
