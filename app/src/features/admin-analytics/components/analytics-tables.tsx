import { FigureTable } from '../../../components/ui/figure-table';
import { usd } from '../../../lib/core';
import type { CallsPoint, Destination, NewUsersPoint, RevenuePoint } from '../api/get-analytics';
import { count, revenueSources } from './analytics-format';
import { longDay } from './date-range';

const day = { label: 'Date', cell: (row: { date: string }) => longDay(row.date) };

export function RevenueTable({ rows }: { rows: RevenuePoint[] }) {
  return (
    <FigureTable
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
    <FigureTable
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
    <FigureTable
      caption="New users per day"
      rows={rows}
      rowKey={(row) => row.date}
      columns={[day, { label: 'New users', numeric: true, cell: (row) => count.format(row.count) }]}
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
        { label: 'Calls', numeric: true, cell: (row) => count.format(row.calls) },
        { label: 'Minutes', numeric: true, cell: (row) => count.format(row.minutes) },
        { label: 'Revenue', numeric: true, cell: (row) => usd(row.revenue) },
      ]}
    />
  );
}
