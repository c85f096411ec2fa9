import type { ReactNode } from 'react';

export interface FigureColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

interface FigureTableProps<T> {
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: FigureColumn<T>[];
}

/**
 * A chart's numbers as a table, in a box of its own height that scrolls: the first
 * column heads each row, the others are numbers.
 */
export function FigureTable<T>({ caption, rows, rowKey, columns }: FigureTableProps<T>) {
  const [head, ...rest] = columns;
  return (
    <div className="relative mt-2 max-h-80 overflow-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-3 py-2 whitespace-nowrap ${column.numeric ? 'text-right' : ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap text-slate-700">
                {head.cell(row)}
              </th>
              {rest.map((column) => (
                <td key={column.label} className="px-3 py-1.5 text-right whitespace-nowrap">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
