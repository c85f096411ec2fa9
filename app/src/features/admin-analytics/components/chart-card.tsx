import { Download } from 'lucide-react';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { Spinner } from '../../../components/ui/feedback/spinner';
import type { AnalyticsChartProps } from './analytics-chart';
import { ChartBoundary } from '../../../components/ui/feedback/chart-boundary';

// recharts is large: it loads only when the analytics page draws its first chart.
const AnalyticsChart = lazy(() => import('./analytics-chart'));

interface ChartCardProps {
  title: string;
  /** One sentence with the totals, read before the chart. */
  summary: string;
  chart: AnalyticsChartProps;
  table: ReactNode;
  onExport: () => void;
  exporting: boolean;
  className?: string;
}

const fallback = (
  <div className="flex h-72 items-center justify-center text-slate-400">
    <Spinner />
  </div>
);

export function ChartCard(props: ChartCardProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${props.className ?? ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {props.title}
          </h2>
          <p id={summaryId} className="mt-1 text-sm text-slate-600">
            {props.summary}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Export CSV, ${props.title}`}
          loading={props.exporting}
          onClick={props.onExport}
        >
          {!props.exporting && <Download className="h-4 w-4" aria-hidden="true" />}
          Export CSV
        </Button>
      </div>
      <div role="img" aria-labelledby={titleId} aria-describedby={summaryId} className="mt-4">
        {props.chart.data.length === 0 ? (
          <p className="flex h-40 items-center justify-center text-sm text-slate-500">
            Nothing in this range
          </p>
        ) : (
          <ChartBoundary
            fallback={<p className="py-6 text-sm text-slate-500">The chart could not be shown.</p>}
          >
            <Suspense fallback={fallback}>
              <AnalyticsChart {...props.chart} />
            </Suspense>
          </ChartBoundary>
        )}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">View as table</summary>
        {props.table}
      </details>
    </section>
  );
}
