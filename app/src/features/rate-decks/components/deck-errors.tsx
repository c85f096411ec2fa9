import { DataTable, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import type { DeckErrors, DeckLineError } from '../../../lib/core';

/** Errors listed on screen; the count says how many more there are. */
const ERRORS_SHOWN = 50;

// Core names fields as the API does; the file's header names them as columns.
const columns: Record<string, string> = {
  firstIncrement: 'first_increment',
  nextIncrement: 'next_increment',
  effectiveFrom: 'effective_from',
  line: 'whole line',
};

interface DeckErrorsProps {
  errors: DeckErrors;
  /** Why nothing was uploaded, e.g. "Fix these errors, then choose the file again." */
  note: string;
}

/** A deck's errors by line, from core's reader in the browser or from the server's 400. */
export function DeckErrorsPanel({ errors, note }: DeckErrorsProps) {
  // One line can have the same field wrong twice in principle: rows are keyed by position.
  const shown = errors.errors.slice(0, ERRORS_SHOWN).map((error, at) => ({ ...error, at }));
  const count = errors.total === 1 ? '1 error' : `${errors.total.toLocaleString('en-US')} errors`;
  return (
    <div className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <div className="text-sm text-red-800">
        <p role="alert" className="font-semibold">
          The deck has {count}
        </p>
        <p>{note}</p>
      </div>
      <div className="overflow-hidden rounded-lg border border-red-200">
        <DataTable<DeckLineError & { at: number }>
          caption="Errors by line"
          rows={shown}
          rowKey={(e) => e.at}
          columns={[
            rowHeaderColumn(
              'Line',
              (e) => (e.line > 0 ? e.line : '—'),
              'font-medium whitespace-nowrap text-slate-900 tabular-nums',
            ),
            {
              header: 'Column',
              className: 'font-mono text-xs whitespace-nowrap text-slate-700',
              cell: (e) => columns[e.field] ?? e.field,
            },
            { header: 'Problem', className: 'text-slate-700', cell: (e) => e.message },
          ]}
        />
      </div>
      {errors.total > shown.length && (
        <p className="text-sm text-red-800">
          Showing the first {shown.length} of {errors.total.toLocaleString('en-US')} errors.
        </p>
      )}
    </div>
  );
}
