import { Pencil, Trash2 } from 'lucide-react';
import { actionsColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { Flag } from '../../../components/ui/basics/flag';
import { rate } from '../../../lib/core';
import { dateColumn, statusColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import type { CountryRate } from '../api/get-country-rates';

const money = 'whitespace-nowrap text-slate-900 tabular-nums';

interface RatesTableProps {
  onEdit: (row: CountryRate) => void;
  onDelete: (row: CountryRate) => void;
}

// Each row's two icon buttons, each calling its own prop; Delete turns red on hover.
const rowActions = [
  { verb: 'Edit', icon: Pencil, hover: 'hover:bg-slate-100 hover:text-brand-700', prop: 'onEdit' },
  { verb: 'Delete', icon: Trash2, hover: 'hover:bg-red-50 hover:text-red-700', prop: 'onDelete' },
] as const;

export const RatesTable = listTable<CountryRate, RatesTableProps>({
  caption: 'Rates per country',
  minWidth: 'min-w-[50rem]',
  columns: (props) => [
    {
      header: 'Country',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <div className="flex items-center gap-2">
          <Flag code={row.code} emoji={row.flag} />
          <div>
            <TwoLineCell
              title={row.country}
              detail={`${row.code}${row.callingCode ? ` · +${row.callingCode}` : ''}`}
              detailClassName="text-xs text-slate-500"
            />
          </div>
        </div>
      ),
    },
    {
      header: 'Inbound Rate',
      className: money,
      cell: (row) => `${rate(row.inboundRate)}/min`,
    },
    {
      header: 'Outbound Rate',
      className: money,
      cell: (row) => `${rate(row.outboundRate)}/min`,
    },
    { header: 'SMS Rate', className: money, cell: (row) => `${rate(row.smsRate)}/msg` },
    statusColumn(
      (row: CountryRate) => row.status,
      (row) => (row.status === 'active' ? 'green' : 'red'),
    ),
    dateColumn('Last Updated', (row: CountryRate) => row.lastUpdated, { muted: true }),
    actionsColumn(
      (row: CountryRate) =>
        rowActions.map((action) => (
          <button
            key={action.verb}
            type="button"
            aria-label={`${action.verb} ${row.country}`}
            onClick={() => props[action.prop](row)}
            className={`rounded-md p-2 text-slate-500 ${action.hover} focus-visible:outline-2 focus-visible:outline-brand-600`}
          >
            <action.icon className="h-4 w-4" aria-hidden="true" />
          </button>
        )),
      { className: 'whitespace-nowrap' },
    ),
  ],
});
