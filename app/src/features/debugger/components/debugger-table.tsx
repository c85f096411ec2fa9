import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { BadgeTone } from '../../../components/ui/feedback/badge';
import { actionsColumn, DataTable } from '../../../components/ui/tables/data-table';
import { dateColumn, statusColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { DebuggerEvent } from '../api/get-debugger-events';
import { DebuggerDetails } from './debugger-details';

const tones: Record<string, BadgeTone> = { info: 'green', warning: 'yellow', error: 'red' };
const outcome: Record<string, string> = { info: 'OK', warning: 'Warning', error: 'Error' };
const kind = (e: DebuggerEvent) => (e.source === 'twiml' ? 'TwiML fetch' : 'Webhook');
const detailsId = (e: DebuggerEvent) => `debugger-details-${e.id}`;

export function DebuggerTable({ items }: { items: DebuggerEvent[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <DataTable
      caption="Debugger events"
      minWidth="min-w-[52rem]"
      rowClassName="align-top"
      rows={items}
      detail={(e) =>
        open.has(e.id) ? { id: detailsId(e), content: <DebuggerDetails event={e} /> } : null
      }
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
        actionsColumn(
          (e: DebuggerEvent) => {
            const shown = open.has(e.id);
            const Chevron = shown ? ChevronDown : ChevronRight;
            return (
              <button
                type="button"
                aria-expanded={shown}
                aria-controls={shown ? detailsId(e) : undefined}
                aria-label={`Details of the ${kind(e)} at ${formatDateTime(e.date)}`}
                onClick={() => toggle(e.id)}
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
