import { FigureTable, type FigureColumn } from '../../../components/ui/tables/figure-table';
import { usd } from '../../../lib/core';
import type { CallsPoint, Destination, NewUsersPoint, RevenuePoint } from '../api/get-analytics';
import { count, type MoneySource } from './analytics-format';
import { longDay } from './date-range';

const day = { label: 'Date', cell: (row: { date: string }) => longDay(row.date) };

/** A column of whole numbers. */
function counted<T>(label: string, value: (row: T) => number): FigureColumn<T> {
  return { label, numeric: true, cell: (row) => count.format(value(row)) };
}

interface DailyTableProps<T> {
  caption: string;
  rows: T[];
  /** The columns after the day's. */
  columns: FigureColumn<T>[];
}

/** One row a day, the day heading it. */
function DailyTable<T extends { date: string }>({ caption, rows, columns }: DailyTableProps<T>) {
  return (
    <FigureTable
      caption={caption}
      rows={rows}
      rowKey={(row) => row.date}
      columns={[day, ...columns]}
    />
  );
}

export function MoneyTable({
  caption,
  rows,
  sources,
}: {
  caption: string;
  rows: RevenuePoint[];
  sources: readonly MoneySource[];
}) {
  return (
    <DailyTable
      caption={caption}
      rows={rows}
      columns={sources.map((source) => ({
        label: source.label,
        numeric: true,
        cell: (row: RevenuePoint) => usd(row[source.key]),
      }))}
    />
  );
}

export function CallsTable({ rows }: { rows: CallsPoint[] }) {
  return (
    <DailyTable
      caption="Calls and minutes per day"
      rows={rows}
      columns={[
        counted<CallsPoint>('Calls', (row) => row.calls),
        counted<CallsPoint>('Answered', (row) => row.answered),
        counted<CallsPoint>('Minutes', (row) => row.minutes),
      ]}
    />
  );
}

export function NewUsersTable({ rows }: { rows: NewUsersPoint[] }) {
  return (
    <DailyTable
      caption="New users per day"
      rows={rows}
      columns={[counted<NewUsersPoint>('New users', (row) => row.count)]}
    />
  );
}

export function DestinationsTable({ rows }: { rows: Destination[] }) {
  return (
    <FigureTable
      caption="Top destinations"
      rows={rows}
      rowKey={(row) => row.country}
      columns={[
        { label: 'Country', cell: (row) => row.country },
        counted<Destination>('Calls', (row) => row.calls),
        counted<Destination>('Minutes', (row) => row.minutes),
        { label: 'Revenue', numeric: true, cell: (row) => usd(row.revenue) },
      ]}
    />
  );
}
