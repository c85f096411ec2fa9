import { ledgerKindLabel, type LedgerEntry } from '../../../lib/ledger';
import { DataTable } from './data-table';
import { dateColumn, moneyColumn } from './table-cells';

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
      columns={[
        dateColumn('Date', (entry: LedgerEntry) => entry.date, { withTime: true, muted: true }),
        {
          header: 'Type',
          className: 'whitespace-nowrap text-slate-900',
          cell: (entry) => ledgerKindLabel(entry.kind),
        },
        { header: 'Description', className: 'text-slate-700', cell: (entry) => entry.description },
        moneyColumn('Amount', (entry: LedgerEntry) => entry.amount, {
          align: 'right',
          className: (entry) =>
            `font-semibold whitespace-nowrap tabular-nums ${amountClass(entry.amount)}`,
        }),
        moneyColumn('Balance', (entry: LedgerEntry) => entry.balanceAfter, { align: 'right' }),
      ]}
    />
  );
}
