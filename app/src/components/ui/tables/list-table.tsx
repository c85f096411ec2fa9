import type { Attributes } from 'react';
import type { ActionsMenuItem } from '../dialogs/actions-menu';
import { DataTable, type Column, type DataTableProps } from './data-table';
import { actionsMenuColumn } from './table-cells';

type Columns<T> = Array<Column<T> | false>;

/**
 * One list's table as data: DataTable's caption and layout, its columns, and the menu each row
 * may have. What the screen passes besides the rows (callbacks, the row being saved) reaches the
 * columns, when they are a function, and the menu.
 */
export type ListTableSpec<T, P> = Omit<DataTableProps<T>, 'rows' | 'columns'> & {
  columns: Columns<T> | ((props: P) => Columns<T>);
  /** Each row's menu of actions, the last column: named after the row, its items from it. */
  menu?: { name: (row: T) => string; items: (row: T, props: P) => ActionsMenuItem[] };
};

/** What a list table takes: its rows as `items`, beside what its columns and menu need. */
export type ListTableProps<T, P> = P & { items: readonly T[] };

/**
 * The component of a list screen's table. Each list's file declares only what is its own (its
 * caption, width, columns and menu) instead of a props interface, a function and a DataTable
 * around them; and every list table takes its rows the same way, as `items`.
 */
export function listTable<T, P extends object = object>({
  columns,
  menu,
  ...table
}: ListTableSpec<T, P>) {
  function ListTable({ items, ...rest }: ListTableProps<T, P>) {
    const own = rest as P;
    const shown = typeof columns === 'function' ? columns(own) : columns;
    const props = {
      ...table,
      rows: items,
      columns: menu
        ? [...shown, actionsMenuColumn(menu.name, (row: T) => menu.items(row, own))]
        : shown,
    };
    // DataTable's own props. While T is open TypeScript cannot resolve DataTableProps'
    // conditional rowKey (nor so match it to JSX's `key`), so it is told.
    return <DataTable<T> {...(props as DataTableProps<T> & Attributes)} />;
  }
  ListTable.displayName = `ListTable(${table.caption})`;
  return ListTable;
}
