import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/basics/button';
import { DataTable } from '../../../components/ui/tables/data-table';
import { moneyColumn } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import { sendingFor, type RowRequest } from '../../../lib/row-request';
import type { CallRecord } from '../api/get-calls';
import { CallDirection } from './call-direction';
import { CallStatusBadge } from './call-status-badge';

interface CallsTableProps {
  items: CallRecord[];
  caption: string;
  /** Administrators see whose call it was. */
  showUser?: boolean;
  /** Downloads a call's recording, one at a time: the others' buttons wait meanwhile. */
  recording: RowRequest;
}

/** Call records; scrolls inside its own box on narrow screens. */
export function CallsTable({ items, caption, showUser = false, recording }: CallsTableProps) {
  return (
    <DataTable
      caption={caption}
      minWidth="min-w-[48rem]"
      rows={items}
      columns={[
        {
          header: 'Call Details',
          className: 'whitespace-nowrap',
          cell: (call) => (
            <>
              <CallDirection type={call.type} number={call.number} />
              <time dateTime={call.date} className="mt-1 block pl-12 text-xs text-slate-500">
                {formatDateTime(call.date)}
              </time>
              {call.ivrPath && (
                <span className="mt-0.5 block pl-12 text-xs text-slate-600">
                  IVR: {call.ivrPath}
                </span>
              )}
            </>
          ),
        },
        showUser && {
          header: 'User',
          className: 'text-slate-700',
          cell: (call) => call.user ?? '-',
        },
        {
          header: 'Duration',
          className: 'whitespace-nowrap text-slate-700 tabular-nums',
          cell: (call) => call.duration,
        },
        moneyColumn('Cost', (call: CallRecord) => call.cost, { align: 'right' }),
        {
          header: 'Status',
          className: 'whitespace-nowrap',
          cell: (call) => <CallStatusBadge status={call.status} />,
        },
        {
          header: 'Recording',
          className: 'whitespace-nowrap',
          cell: (call) =>
            call.recording ? (
              <Button
                variant="secondary"
                size="sm"
                loading={sendingFor(recording, call.id)}
                disabled={recording.isPending && !sendingFor(recording, call.id)}
                onClick={() => recording.mutate(call.id)}
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                Download <span className="sr-only">recording of the call with {call.number}</span>
              </Button>
            ) : (
              <span className="text-slate-500">Not available</span>
            ),
        },
      ]}
    />
  );
}
