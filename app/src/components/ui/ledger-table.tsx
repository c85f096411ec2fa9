import { usd } from '../../lib/core';
import { ledgerKindLabel, type LedgerEntry } from '../../lib/ledger';
import { DataTable } from './data-table';
import { dateColumn } from './table-cells';

function amountClass(amount: number): string {
  if (amount > 0) return 'text-green-700';
  if (amount < 0) return 'text-red-700';
  return 'text-slate-700';
}

interface LedgerTableProps {
  items: LedgerEntry[];
  caption: string;
}

/** Ledger entries, newest first as the API sends them; scrolls inside its own box. */
export function LedgerTable({ items, caption }: LedgerTableProps) {
  return (
    <DataTable
      caption={caption}
      minWidth="min-w-[40rem]"
      rows={items}
      rowKey={(entry) => entry.id}
      columns={[
        dateColumn('Date', (entry: LedgerEntry) => entry.date, {
          withTime: true,
          className: 'whitespace-nowrap text-slate-600',
        }),
        {
          header: 'Type',
          className: 'whitespace-nowrap text-slate-900',
          cell: (entry) => ledgerKindLabel(entry.kind),
        },
        { header: 'Description', className: 'text-slate-700', cell: (entry) => entry.description },
        {
          header: 'Amount',
          align: 'right',
          className: (entry) =>
            `font-semibold whitespace-nowrap tabular-nums ${amountClass(entry.amount)}`,
          cell: (entry) => usd(entry.amount),
        },
        {
          header: 'Balance',
          align: 'right',
          className: 'whitespace-nowrap text-slate-900 tabular-nums',
          cell: (entry) => usd(entry.balanceAfter),
        },
      ]}
    />
  );
}
