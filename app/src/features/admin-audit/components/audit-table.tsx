import { DataTable } from '../../../components/ui/tables/data-table';
import { useRowDetails } from '../../../components/ui/tables/row-details';
import { dateColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { AuditEntry } from '../api/get-audit';
import { AuditDetails } from './audit-details';
import { actionLabel, targetLabel } from './audit-labels';

function target(entry: AuditEntry): string {
  const id = /^\d+$/.test(entry.targetId) ? `#${entry.targetId}` : entry.targetId;
  return `${targetLabel(entry.targetType)} ${id}`;
}

const detailsId = (entry: AuditEntry) => `audit-details-${entry.id}`;

export function AuditTable({ items }: { items: AuditEntry[] }) {
  const details = useRowDetails({
    detailsId,
    content: (entry) => <AuditDetails entry={entry} />,
    label: (entry) => `Details of ${actionLabel(entry.action)}, ${formatDateTime(entry.date)}`,
  });

  return (
    <DataTable
      caption="Audit log"
      minWidth="min-w-[48rem]"
      rowClassName="align-top"
      rows={items}
      detail={details.detail}
      columns={[
        dateColumn('Date', (entry: AuditEntry) => entry.date, { withTime: true }),
        {
          header: 'Administrator',
          className: 'break-words text-slate-900',
          cell: (entry) => entry.actor ?? <span className="text-slate-500">Unknown</span>,
        },
        {
          header: 'Action',
          cell: (entry) => (
            <TwoLineCell
              title={actionLabel(entry.action)}
              detail={entry.action}
              detailClassName="font-mono text-xs text-slate-500"
            />
          ),
        },
        {
          header: 'Target',
          className: 'whitespace-nowrap text-slate-700',
          cell: target,
        },
        details.column,
      ]}
    />
  );
}
