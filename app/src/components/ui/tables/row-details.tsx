import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useOpenRows } from '../../../lib/use-open-rows';
import { actionsColumn, type Column, type RowDetail } from './data-table';

interface RowDetailsOptions<T> {
  /** The id of a row's details row, which its toggle controls. */
  detailsId: (row: T) => string;
  /** What a row's details row shows once opened. */
  content: (row: T) => ReactNode;
  /** The toggle's accessible name, e.g. "Details of ..., <date>". */
  label: (row: T) => string;
}

/**
 * A table whose rows open their details below them, each by its own Details toggle:
 * `detail` is DataTable's, `column` the toggles' (the last column).
 */
export function useRowDetails<T extends { id: number }>({
  detailsId,
  content,
  label,
}: RowDetailsOptions<T>) {
  const { open, toggle } = useOpenRows();
  const detail = (row: T): RowDetail | null =>
    open.has(row.id) ? { id: detailsId(row), content: content(row) } : null;
  const column: Column<T> = actionsColumn(
    (row: T) => {
      const shown = open.has(row.id);
      const Chevron = shown ? ChevronDown : ChevronRight;
      return (
        <button
          type="button"
          aria-expanded={shown}
          aria-controls={shown ? detailsId(row) : undefined}
          aria-label={label(row)}
          onClick={() => toggle(row.id)}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Chevron className="h-4 w-4" aria-hidden="true" />
          Details
        </button>
      );
    },
    { header: 'Details' },
  );
  return { detail, column };
}
