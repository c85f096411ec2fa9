import type { ReactNode } from 'react';
import { usd } from '../../../lib/core';
import type { CallsPoint, Destination, NewUsersPoint, RevenuePoint } from '../api/get-analytics';
import { count, revenueSources } from './analytics-format';
import { longDay } from './date-range';

interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

interface DataTableProps<T> {
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
}

/** A chart's numbers as a table; the first column heads each row. */
function DataTable<T>({ caption, rows, rowKey, columns }: DataTableProps<T>) {
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

const day = { label: 'Date', cell: (row: { date: string }) => longDay(row.date) };

export function RevenueTable({ rows }: { rows: RevenuePoint[] }) {
  return (
    <DataTable
      caption="Revenue per day by source"
      rows={rows}
      rowKey={(row) => row.date}
      columns={[
        day,
        ...revenueSources.map((source) => ({
          label: source.label,
          numeric: true,
          cell: (row: RevenuePoint) => usd(row[source.key]),
        })),
      ]}
    />
  );
}

export function CallsTable({ rows }: { rows: CallsPoint[] }) {
  return (
    <DataTable
      caption="Calls and minutes per day"
      rows={rows}
      rowKey={(row) => row.date}
      columns={[
        day,
        { label: 'Calls', numeric: true, cell: (row) => count.format(row.calls) },
        { label: 'Answered', numeric: true, cell: (row) => count.format(row.answered) },
        { label: 'Minutes', numeric: true, cell: (row) => count.format(row.minutes) },
      ]}
    />
  );
}

export function NewUsersTable({ rows }: { rows: NewUsersPoint[] }) {
  return (
    <DataTable
      caption="New users per day"
      rows={rows}
      rowKey={(row) => row.date}
      columns={[day, { label: 'New users', numeric: true, cell: (row) => count.format(row.count) }]}
    />
  );
}

export function DestinationsTable({ rows }: { rows: Destination[] }) {
  return (
    <DataTable
      caption="Top destinations"
      rows={rows}
      rowKey={(row) => row.country}
      columns={[
        { label: 'Country', cell: (row) => row.country },
        { label: 'Calls', numeric: true, cell: (row) => count.format(row.calls) },
        { label: 'Minutes', numeric: true, cell: (row) => count.format(row.minutes) },
        { label: 'Revenue', numeric: true, cell: (row) => usd(row.revenue) },
      ]}
    />
  );
}
