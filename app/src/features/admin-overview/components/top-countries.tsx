import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { usd } from '../../../lib/core';
import type { TopCountry } from '../api/get-stats';
import { ScrollBox } from '../../../components/ui/scroll-box';

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
    return (
      <p role="status" className="p-8 text-center text-slate-600">
        No call revenue in the last 30 days
      </p>
    );
  }
  return (
    <ScrollBox label="Revenue by country, last 30 days">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Revenue by country, last 30 days</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Country
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Revenue
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Change
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {countries.map((country) => (
            <tr key={country.name}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {country.name}
              </th>
              <td className="px-4 py-3 text-right text-slate-900 tabular-nums">
                {usd(country.revenue)}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                <Change change={country.change} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
