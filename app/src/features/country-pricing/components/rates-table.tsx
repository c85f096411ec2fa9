import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { rate } from '../../../lib/core';
import { formatDate } from '../../../lib/format-date';
import type { CountryRate } from '../api/get-country-rates';
import { ScrollBox } from '../../../components/ui/scroll-box';

const headings = ['Country', 'Inbound Rate', 'Outbound Rate', 'SMS Rate', 'Status', 'Last Updated'];

interface RatesTableProps {
  items: CountryRate[];
  onEdit: (row: CountryRate) => void;
  onDelete: (row: CountryRate) => void;
}

export function RatesTable({ items, onEdit, onDelete }: RatesTableProps) {
  return (
    <ScrollBox label="Rates per country">
      <table className="w-full min-w-[50rem] text-left text-sm">
        <caption className="sr-only">Rates per country</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {items.map((row) => (
            <tr key={row.id}>
              <td className="px-4 py-3 whitespace-nowrap">
                <div className="flex items-center gap-2">
                  <span className="text-xl" aria-hidden="true">
                    {row.flag}
                  </span>
                  <div>
                    <p className="font-medium text-slate-900">{row.country}</p>
                    <p className="text-xs text-slate-500">
                      {row.code}
                      {row.callingCode ? ` · +${row.callingCode}` : ''}
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
                {rate(row.inboundRate)}/min
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
                {rate(row.outboundRate)}/min
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-900 tabular-nums">
                {rate(row.smsRate)}/msg
              </td>
              <td className="px-4 py-3">
                <Badge tone={row.status === 'active' ? 'green' : 'red'}>{row.status}</Badge>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={row.lastUpdated}>{formatDate(row.lastUpdated)}</time>
              </td>
              <td className="px-4 py-2 text-right whitespace-nowrap">
                <button
                  type="button"
                  aria-label={`Edit ${row.country}`}
                  onClick={() => onEdit(row)}
                  className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={`Delete ${row.country}`}
                  onClick={() => onDelete(row)}
                  className="rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
