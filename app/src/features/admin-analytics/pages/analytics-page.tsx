import { useState, type ReactNode } from 'react';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { fieldErrorsOf, isApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useAnalytics, type DateRange } from '../api/get-analytics';
import { AnalyticsCharts } from '../components/analytics-charts';
import { DEFAULT_DAYS, lastDays, longDay } from '../components/date-range';
import { KpiCards } from '../components/kpi-cards';
import { RangePicker } from '../components/range-picker';
import { validateDateRange } from '../../../lib/core';

// Typing a date passes through years such as 0002 and 0020: wait until it settles.
const RANGE_DEBOUNCE_MS = 400;

function card(children: ReactNode) {
  return <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">{children}</div>;
}

export function AnalyticsPage() {
  usePageMeta('Analytics', 'Revenue, calls, destinations and sign-ups over a date range.');
  const [draft, setDraft] = useState<DateRange>(() => lastDays(DEFAULT_DAYS));
  const applied = useDebouncedValue(draft, RANGE_DEBOUNCE_MS);
  const analytics = useAnalytics(applied);
  const settled = applied.from === draft.from && applied.to === draft.to;
  // The range rules are core's, checked here as the dates change and again by the
  // server, whose field messages are shown once the range has settled. "Today" is the
  // day the page opened: reading the clock while rendering would make renders impure.
  const [openedAt] = useState(() => Date.now());
  const rangeErrors = validateDateRange(draft, openedAt);
  const serverErrors =
    isApiError(analytics.error) && analytics.error.status === 400
      ? fieldErrorsOf(analytics.error)
      : {};
  const incomplete = draft.from === '' || draft.to === '';
  const rejected =
    !incomplete && (Object.keys(rangeErrors).length > 0 || Object.keys(serverErrors).length > 0);
  const errors = {
    from: rangeErrors.from ?? (settled ? serverErrors.from : undefined),
    to: rangeErrors.to ?? (settled ? serverErrors.to : undefined),
  };
  const data = incomplete || rejected || analytics.isError ? undefined : analytics.data;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Analytics Dashboard</h1>
        <p className="mt-1 text-slate-600" aria-live="polite">
          {data
            ? `From ${longDay(data.from)} to ${longDay(data.to)}`
            : 'Revenue, calls, destinations and sign-ups over a date range.'}
        </p>
      </div>
      <RangePicker range={draft} errors={errors} onChange={setDraft} />
      {incomplete || rejected ? (
        card(
          <EmptyStatus>
            {incomplete
              ? 'Enter both dates to see the charts.'
              : 'Choose a valid date range to see the charts.'}
          </EmptyStatus>,
        )
      ) : analytics.isError ? (
        card(<QueryLoadError query={analytics} fallback="Could not load the analytics." />)
      ) : (
        <div aria-busy={analytics.isFetching || !settled} className="space-y-6">
          <KpiCards asr={data?.asr} acd={data?.acd} />
          {data ? (
            <AnalyticsCharts data={data} />
          ) : (
            card(<TableSkeleton label="Loading analytics..." rows={8} columns={4} />)
          )}
        </div>
      )}
    </div>
  );
}
