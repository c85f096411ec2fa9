import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import type { AuditEntry } from '../api/get-audit';
import { AuditDetails } from './audit-details';
import { actionLabel, targetLabel } from './audit-labels';
import { ScrollBox } from '../../../components/ui/scroll-box';

const headings = ['Date', 'Administrator', 'Action', 'Target'];

function target(entry: AuditEntry): string {
  const id = /^\d+$/.test(entry.targetId) ? `#${entry.targetId}` : entry.targetId;
  return `${targetLabel(entry.targetType)} ${id}`;
}

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
    <ScrollBox label="Audit log">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Audit log</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {items.map((entry) => {
            const open = expanded.has(entry.id);
            const detailsId = `audit-details-${entry.id}`;
            const Chevron = open ? ChevronDown : ChevronRight;
            return (
              <Fragment key={entry.id}>
                <tr className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    <time dateTime={entry.date}>{formatDateTime(entry.date)}</time>
                  </td>
                  <td className="px-4 py-3 break-words text-slate-900">
                    {entry.actor ?? <span className="text-slate-500">Unknown</span>}
                  </td>
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900">{actionLabel(entry.action)}</p>
                    <p className="font-mono text-xs text-slate-500">{entry.action}</p>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{target(entry)}</td>
                  <td className="px-4 py-2 text-right">
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={open ? detailsId : undefined}
                      aria-label={`Details of ${actionLabel(entry.action)}, ${formatDateTime(entry.date)}`}
                      onClick={() => toggle(entry.id)}
                      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <Chevron className="h-4 w-4" aria-hidden="true" />
                      Details
                    </button>
                  </td>
                </tr>
                {open && (
                  <tr id={detailsId} className="bg-slate-50">
                    <td colSpan={5} className="px-4 py-3">
                      <AuditDetails entry={entry} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
