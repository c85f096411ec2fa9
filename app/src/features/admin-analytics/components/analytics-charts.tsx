import { usd } from '../../../lib/core';
import type { Analytics } from '../api/get-analytics';
import { useExportAnalytics, type AnalyticsChart } from '../api/export-analytics';
import { count, revenueSources, sum, sumUsd } from './analytics-format';
import { CallsTable, DestinationsTable, NewUsersTable, RevenueTable } from './analytics-tables';
import { ChartCard } from './chart-card';

/** The four charts of one date range, each with its table and its CSV export. */
export function AnalyticsCharts({ data }: { data: Analytics }) {
  const exporter = useExportAnalytics();
  const range = { from: data.from, to: data.to };
  const exportProps = (chart: AnalyticsChart) => ({
    onExport: () => exporter.mutate({ chart, range }),
    exporting: exporter.isPending && exporter.variables?.chart === chart,
  });
  const revenueSummary = revenueSources
    .map((source) => `${source.label} ${usd(sumUsd(data.revenue.map((row) => row[source.key])))}`)
    .join(', ');
  const calls = sum(data.calls.map((row) => row.calls));
  const answered = sum(data.calls.map((row) => row.answered));
  const minutes = sum(data.calls.map((row) => row.minutes));
  const newUsers = sum(data.newUsers.map((row) => row.count));

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        className="xl:col-span-2"
        title="Revenue per day by source"
        summary={`${revenueSummary}.`}
        chart={{ kind: 'revenue', data: data.revenue }}
        table={<RevenueTable rows={data.revenue} />}
        {...exportProps('revenue')}
      />
      <ChartCard
        title="Calls and minutes per day"
        summary={`${count.format(calls)} calls, ${count.format(answered)} answered, ${count.format(minutes)} minutes.`}
        chart={{ kind: 'calls', data: data.calls }}
        table={<CallsTable rows={data.calls} />}
        {...exportProps('calls')}
      />
      <ChartCard
        title="New users per day"
        summary={`${count.format(newUsers)} new ${newUsers === 1 ? 'user' : 'users'}.`}
        chart={{ kind: 'users', data: data.newUsers }}
        table={<NewUsersTable rows={data.newUsers} />}
        {...exportProps('users')}
      />
      <ChartCard
        className="xl:col-span-2"
        title="Top destinations"
        summary={
          data.topDestinations.length === 0
            ? 'No calls in this range.'
            : `Call revenue of the ${data.topDestinations.length} busiest destinations.`
        }
        chart={{ kind: 'destinations', data: data.topDestinations }}
        table={<DestinationsTable rows={data.topDestinations} />}
        {...exportProps('destinations')}
      />
    </div>
  );
}
