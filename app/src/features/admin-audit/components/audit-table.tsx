import { DataTable } from '../../../components/ui/tables/data-table';
import { useRowDetails } from '../../../components/ui/tables/row-details';
import { dateColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { AuditEntry } from '../api/get-audit';
import { AuditDetails } from './audit-details';
import { targetLabel } from './audit-labels';

/** The target by name while it exists ("Number +14155550100"), else by its id. */
function target(entry: AuditEntry): string {
  const id = /^\d+$/.test(entry.targetId) ? `#${entry.targetId}` : entry.targetId;
  return `${targetLabel(entry.targetType)} ${entry.subject ?? id}`;
}

/** Who did it: an administrator, a client acting on their own account, or the system. */
function Actor({ entry }: { entry: AuditEntry }) {
  if (entry.actorRole !== 'client') return <>{entry.actor}</>;
  return (
    <>
      {entry.actor} <span className="text-xs text-slate-500">(client)</span>
    </>
  );
}

const detailsId = (entry: AuditEntry) => `audit-details-${entry.id}`;

export function AuditTable({ items }: { items: AuditEntry[] }) {
  const details = useRowDetails({
    detailsId,
    content: (entry) => <AuditDetails entry={entry} />,
    label: (entry) => `Details of ${entry.actionLabel}, ${formatDateTime(entry.date)}`,
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
          header: 'By',
          className: 'break-words text-slate-900',
          cell: (entry) => <Actor entry={entry} />,
        },
        {
          header: 'Action',
          cell: (entry) => (
            <TwoLineCell
              title={entry.actionLabel}
              detail={entry.action}
              detailClassName="font-mono text-xs text-slate-500"
            />
          ),
        },
        {
          header: 'Target',
          className: 'break-words text-slate-700',
          cell: target,
        },
        details.column,
      ]}
    />
  );
}
