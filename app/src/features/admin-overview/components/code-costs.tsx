import { usd } from '../../../lib/core';
import type { CodeCosts } from '../api/get-code-costs';

/** Codes are free to the trial accounts and paid by the provider: SMS pumping shows here. */
export function CodeCostList({ costs }: { costs: CodeCosts }) {
  const rows = [
    ['Last 24 hours', costs.lastDay],
    ['Last 30 days', costs.last30Days],
  ] as const;
  return (
    <dl className="grid gap-4 px-4 py-4 sm:grid-cols-2 sm:px-6">
      {rows.map(([label, sent]) => (
        <div key={label}>
          <dt className="text-sm text-slate-500">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {sent.codes} {sent.codes === 1 ? 'code' : 'codes'}, {usd(sent.cost)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
