import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { actionsColumn, DataTable } from '../../../components/ui/tables/data-table';
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
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  function toggle(id: number) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <DataTable
      caption="Audit log"
      minWidth="min-w-[48rem]"
      rowClassName="align-top"
      rows={items}
      detail={(entry) =>
        expanded.has(entry.id)
          ? { id: detailsId(entry), content: <AuditDetails entry={entry} /> }
          : null
      }
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
        actionsColumn(
          (entry: AuditEntry) => {
            const open = expanded.has(entry.id);
            const Chevron = open ? ChevronDown : ChevronRight;
            return (
              <button
                type="button"
                aria-expanded={open}
                aria-controls={open ? detailsId(entry) : undefined}
                aria-label={`Details of ${actionLabel(entry.action)}, ${formatDateTime(entry.date)}`}
                onClick={() => toggle(entry.id)}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Chevron className="h-4 w-4" aria-hidden="true" />
                Details
              </button>
            );
          },
          { header: 'Details' },
        ),
      ]}
    />
  );
}
