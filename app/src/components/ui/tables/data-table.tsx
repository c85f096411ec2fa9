import { Fragment, type Key, type ReactNode } from 'react';
import { ScrollBox } from '../layout/scroll-box';

export interface Column<T> {
  /** The heading; with `hideHeader` only screen readers read it (an actions column). */
  header: string;
  hideHeader?: boolean;
  align?: 'right' | 'center';
  /** The cell heads its row (`<th scope="row">`) instead of being a plain cell. */
  rowHeader?: boolean;
  /** A cell of buttons or a menu: less padding above and below. */
  tight?: boolean;
  /** The cell's classes besides its padding and alignment, or a function of the row. */
  className?: string | ((row: T) => string);
  /** A test id for the cell, when a test needs to find one row's value. */
  testId?: (row: T) => string;
  cell: (row: T) => ReactNode;
}

/** The last column of buttons or a menu acting on the row, its heading for screen readers. */
export function actionsColumn<T>(
  cell: (row: T) => ReactNode,
  options: Partial<Pick<Column<T>, 'header' | 'tight' | 'className'>> = {},
): Column<T> {
  return { header: 'Actions', hideHeader: true, tight: true, align: 'right', ...options, cell };
}

/** The first column, which names each row and heads it for screen readers (`<th scope="row">`). */
export function rowHeaderColumn<T>(
  header: string,
  cell: (row: T) => ReactNode,
  className = 'font-medium text-slate-900',
): Column<T> {
  return { header, rowHeader: true, className, cell };
}

/** A table whose rows' menus hand the action chosen back to the screen, which opens its dialog. */
export interface RowActionsProps<T, A extends string> {
  onAction: (action: A, row: T) => void;
}

/** A row's own full-width row below it, e.g. its details, with the id its toggle controls. */
export interface RowDetail {
  id: string;
  content: ReactNode;
}

/** Rows with an `id` are keyed by it unless told otherwise; other rows need a key. */
type RowKeyProps<T> = [T] extends [{ id: Key }]
  ? { rowKey?: (row: T) => Key }
  : { rowKey: (row: T) => Key };

export type DataTableProps<T> = RowKeyProps<T> & {
  /** Read by screen readers, and names the scrolling region ("<caption> table"). */
  caption: string;
  /** Columns; `false` leaves one out (a column only some readers see). */
  columns: Array<Column<T> | false>;
  rows: readonly T[];
  /** The width below which the table scrolls inside its box, e.g. `min-w-[48rem]`. */
  minWidth?: string;
  /** Classes of each row, e.g. `align-top` for rows with cells of several lines. */
  rowClassName?: string;
  detail?: (row: T) => RowDetail | null;
};

const byId = (row: unknown) => (row as { id: Key }).id;

const alignClass = { right: 'text-right', center: 'text-center' } as const;

/**
 * The app's list table: a caption for screen readers, a header row, one row per item,
 * inside a ScrollBox that scrolls it sideways on narrow screens and shows that it does.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey = byId,
  minWidth = '',
  rowClassName,
  detail,
}: DataTableProps<T>) {
  const shown = columns.filter((column): column is Column<T> => column !== false);
  return (
    <ScrollBox label={caption}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {shown.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-4 py-3 font-semibold ${column.align ? alignClass[column.align] : ''}`}
              >
                {column.hideHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {rows.map((row) => {
            const extra = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className={rowClassName}>
                  {shown.map((column) => (
                    <Cell key={column.header} column={column} row={row} />
                  ))}
                </tr>
                {extra && (
                  <tr id={extra.id} className="bg-slate-50">
                    <td colSpan={shown.length} className="px-4 py-3">
                      {extra.content}
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

function Cell<T>({ column, row }: { column: Column<T>; row: T }) {
  const extra = typeof column.className === 'function' ? column.className(row) : column.className;
  const className = [
    'px-4',
    column.tight ? 'py-2' : 'py-3',
    column.align ? alignClass[column.align] : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const testId = column.testId?.(row);
  return column.rowHeader ? (
    <th scope="row" className={className} data-testid={testId}>
      {column.cell(row)}
    </th>
  ) : (
    <td className={className} data-testid={testId}>
      {column.cell(row)}
    </td>
  );
}
