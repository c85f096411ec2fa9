import type { Attributes } from 'react';
import { DataTable, type Column, type DataTableProps } from './data-table';

/**
 * One list's table as data: DataTable's caption and layout, and its columns made from what the
 * screen passes besides the rows (callbacks, the row being saved).
 */
export type ListTableSpec<T, P> = Omit<DataTableProps<T>, 'rows' | 'columns'> & {
  columns: (props: P) => Array<Column<T> | false>;
};

/** What a list table takes: its rows as `items`, beside what its columns need. */
export type ListTableProps<T, P> = P & { items: readonly T[] };

/**
 * The component of a list screen's table. Each list's file declares only what is its own (its
 * caption, width and columns) instead of a props interface, a function and a DataTable around
 * them; and every list table takes its rows the same way, as `items`.
 */
export function listTable<T, P extends object = object>({
  columns,
  ...table
}: ListTableSpec<T, P>) {
  function ListTable({ items, ...rest }: ListTableProps<T, P>) {
    // The spec is DataTable's own props but rows and columns. While T is open TypeScript cannot
    // resolve DataTableProps' conditional rowKey (nor so match it to JSX's `key`), so it is told.
    const props = { ...table, rows: items, columns: columns(rest as P) };
    return <DataTable<T> {...(props as DataTableProps<T> & Attributes)} />;
  }
  ListTable.displayName = `ListTable(${table.caption})`;
  return ListTable;
}
