import type { BadgeTone } from '../../../components/ui/feedback/badge';
import { DataTable } from '../../../components/ui/tables/data-table';
import { useRowDetails } from '../../../components/ui/tables/row-details';
import { dateColumn, statusColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { DebuggerEvent } from '../api/get-debugger-events';
import { DebuggerDetails } from './debugger-details';

const tones: Record<string, BadgeTone> = { info: 'green', warning: 'yellow', error: 'red' };
const outcome: Record<string, string> = { info: 'OK', warning: 'Warning', error: 'Error' };
const kinds: Record<string, string> = {
  twiml: 'TwiML fetch',
  webhook: 'Webhook',
  api: 'API request',
};
const kind = (e: DebuggerEvent) => kinds[e.source] ?? e.source;
const detailsId = (e: DebuggerEvent) => `debugger-details-${e.id}`;

export function DebuggerTable({ items }: { items: DebuggerEvent[] }) {
  const details = useRowDetails({
    detailsId,
    content: (e) => <DebuggerDetails event={e} />,
    label: (e) => `Details of the ${kind(e)} at ${formatDateTime(e.date)}`,
  });
  return (
    <DataTable
      caption="Debugger events"
      minWidth="min-w-[52rem]"
      rowClassName="align-top"
      rows={items}
      detail={details.detail}
      columns={[
        dateColumn('Time', (e: DebuggerEvent) => e.date, { withTime: true }),
        {
          header: 'Kind',
          cell: (e) => (
            <TwoLineCell
              title={kind(e)}
              detail={e.callSid ?? ''}
              detailClassName="font-mono text-xs text-slate-500"
            />
          ),
        },
        statusColumn<DebuggerEvent>(
          (e) => outcome[e.level] ?? e.level,
          (e) => tones[e.level] ?? 'gray',
        ),
        {
          header: 'Code',
          className: 'font-mono text-xs',
          cell: (e) => e.code ?? '—',
        },
        {
          header: 'URL',
          className: 'max-w-[18rem] break-all text-slate-700',
          cell: (e) => (
            <TwoLineCell
              title={e.url}
              detail={e.message ?? `HTTP ${e.status ?? '—'}`}
              detailClassName="text-xs text-slate-500 break-words"
            />
          ),
        },
        details.column,
      ]}
    />
  );
}
