import { usd } from '../../lib/core';
import { formatDateTime } from '../../lib/format-date';
import { ledgerKindLabel, type LedgerEntry } from '../../lib/ledger';
import { ScrollBox } from './scroll-box';

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
    <ScrollBox label={caption}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Date
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Type
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Description
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {items.map((entry) => (
            <tr key={entry.id}>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={entry.date}>{formatDateTime(entry.date)}</time>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900">
                {ledgerKindLabel(entry.kind)}
              </td>
              <td className="px-4 py-3 text-slate-700">{entry.description}</td>
              <td
                className={`px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums ${amountClass(entry.amount)}`}
              >
                {usd(entry.amount)}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                {usd(entry.balanceAfter)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
