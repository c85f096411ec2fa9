import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { FigureTable } from '../../../components/ui/tables/figure-table';
import { QueryStates } from '../../../components/ui/tables/query-states';
import { Spinner } from '../../../components/ui/feedback/spinner';
import { usd } from '../../../lib/core';
import { useUsage, type UsagePoint, type UsageRange } from '../api/get-usage';
import { ChartBoundary } from '../../../components/ui/feedback/chart-boundary';
import { pointLabel, rangeNames, usageTotals } from './usage-labels';
import { ListPanel } from '../../../components/ui/tables/list-panel';

// recharts is large: it loads only when the chart is about to draw.
const UsageChart = lazy(() => import('./usage-chart'));

const ranges: { value: UsageRange; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

function summary(range: UsageRange, points: UsagePoint[]): string {
  const totals = usageTotals(points);
  return `In ${rangeNames[range]}: ${totals.minutes} minutes of calls, ${totals.messages} messages, ${usd(totals.spend)} spent.`;
}

function UsageTable({ points }: { points: UsagePoint[] }) {
  return (
    <FigureTable
      caption="Usage by period"
      rows={points}
      rowKey={(point) => point.label}
      columns={[
        { label: 'Period', cell: (point) => pointLabel(point.label) },
        { label: 'Minutes', numeric: true, cell: (point) => point.minutes },
        { label: 'Messages', numeric: true, cell: (point) => point.messages },
        { label: 'Spend', numeric: true, cell: (point) => usd(point.spend) },
      ]}
    />
  );
}

const chartFallback = (
  <div className="flex h-72 items-center justify-center text-slate-400">
    <Spinner />
  </div>
);

export function UsageHistory() {
  const [range, setRange] = useState<UsageRange>('week');
  const usage = useUsage(range);
  const points = usage.data?.points ?? [];

  return (
    <ListPanel labelledBy="usage-heading" busy={usage.isFetching} className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="usage-heading" className="text-lg font-semibold text-slate-900">
          Usage history
        </h2>
        <div role="group" aria-label="Period" className="flex gap-2">
          {ranges.map((option) => (
            <Button
              key={option.value}
              size="sm"
              variant={range === option.value ? 'primary' : 'secondary'}
              aria-pressed={range === option.value}
              onClick={() => setRange(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </div>
      </div>
      <QueryStates
        query={usage}
        loading={
          <div role="status" className="mt-4">
            <span className="sr-only">Loading usage...</span>
            {chartFallback}
          </div>
        }
        error="Could not load your usage."
      >
        {(data) => (
          <div className="mt-4">
            <p aria-live="polite" className="text-sm text-slate-600" data-testid="usage-summary">
              {summary(data.range, points)}
            </p>
            <ChartBoundary
              fallback={
                <p className="py-6 text-sm text-slate-500">The chart could not be shown.</p>
              }
            >
              <Suspense fallback={chartFallback}>
                <UsageChart points={points} />
              </Suspense>
            </ChartBoundary>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer font-medium text-brand-700">View as table</summary>
              <UsageTable points={points} />
            </details>
          </div>
        )}
      </QueryStates>
    </ListPanel>
  );
}
