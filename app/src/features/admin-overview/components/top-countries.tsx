import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import type { TopCountry } from '../api/get-stats';
import { DataTable, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { moneyColumn } from '../../../components/ui/tables/table-cells';

const percent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

function Change({ change }: { change: number | null }) {
  if (change === null) {
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No earlier revenue to compare</span>
      </span>
    );
  }
  const magnitude = `${percent.format(Math.abs(change))}%`;
  if (change === 0) return <span className="text-slate-600">{magnitude}</span>;
  const up = change > 0;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={`inline-flex items-center gap-0.5 font-medium ${up ? 'text-green-700' : 'text-red-700'}`}
      data-trend={up ? 'up' : 'down'}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">{up ? 'Up' : 'Down'} </span>
      {magnitude}
    </span>
  );
}

/** Call revenue per country over the last 30 days, with the change against the 30 before. */
export function TopCountries({ countries }: { countries: TopCountry[] }) {
  if (countries.length === 0) {
    return <EmptyStatus>No call revenue in the last 30 days</EmptyStatus>;
  }
  return (
    <DataTable
      caption="Revenue by country, last 30 days"
      rows={countries}
      rowKey={(country) => country.name}
      columns={[
        rowHeaderColumn('Country', (country: TopCountry) => country.name),
        moneyColumn('Revenue', (country: TopCountry) => country.revenue, {
          align: 'right',
          className: 'text-slate-900 tabular-nums',
        }),
        {
          header: 'Change',
          align: 'right',
          className: 'whitespace-nowrap tabular-nums',
          cell: (country) => <Change change={country.change ?? null} />,
        },
      ]}
    />
  );
}
