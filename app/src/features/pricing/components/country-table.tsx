import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { messageOf } from '../../../lib/api-client';
import type { CountryPrice } from '../api/get-pricing';
import { matchesCountry, NoCountryMatches } from '../../../components/ui/forms/country-search';
import { CountryCell } from '../../../components/ui/tables/table-cells';
import { DataTable, rowHeaderColumn } from '../../../components/ui/tables/data-table';

export interface CountryColumn {
  header: string;
  cell: (country: CountryPrice) => ReactNode;
}

interface CountryTableProps {
  caption: string;
  columns: CountryColumn[];
  countries: CountryPrice[] | undefined;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  search: string;
}

function Skeleton({ columns }: { columns: number }) {
  return (
    <div role="status" aria-label="Loading prices" className="space-y-3 p-4">
      {Array.from({ length: 6 }, (_, row) => (
        <div key={row} className="flex gap-4">
          {Array.from({ length: columns }, (_, cell) => (
            <div key={cell} className="h-5 flex-1 animate-pulse rounded bg-slate-200" />
          ))}
        </div>
      ))}
    </div>
  );
}

export function CountryTable(props: CountryTableProps) {
  const { caption, columns, countries, pending, error, onRetry, search } = props;

  if (pending) return <Skeleton columns={columns.length + 1} />;

  if (error || !countries) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
        <p className="text-slate-700">
          {messageOf(error, 'We could not load the prices.')} Please try again.
        </p>
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }

  // The price list is searched by name and code only, not by calling code.
  const rows = countries.filter(({ name, code }) => matchesCountry({ name, code }, search));
  if (rows.length === 0) return <NoCountryMatches />;

  return (
    <DataTable
      caption={caption}
      minWidth="min-w-[40rem]"
      rows={rows}
      columns={[
        rowHeaderColumn(
          'Country',
          (country: CountryPrice) => (
            <CountryCell
              code={country.code}
              flag={country.flag}
              name={country.name}
              detail={country.code}
            />
          ),
          'font-medium whitespace-nowrap text-slate-900',
        ),
        ...columns.map((column) => ({
          header: column.header,
          className: 'whitespace-nowrap text-slate-700',
          cell: column.cell,
        })),
      ]}
    />
  );
}
