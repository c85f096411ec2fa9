import { usd } from '../../../lib/core';
import type { Analytics } from '../api/get-analytics';
import { useExportAnalytics, type AnalyticsChart } from '../api/export-analytics';
import {
  count,
  moneyInSources,
  refundSource,
  revenueSources,
  sum,
  sumUsd,
  type MoneySource,
} from './analytics-format';
import { CallsTable, DestinationsTable, MoneyTable, NewUsersTable } from './analytics-tables';
import { ChartCard } from './chart-card';

/** The five charts of one date range, each with its table and its CSV export. */
export function AnalyticsCharts({ data }: { data: Analytics }) {
  const exporter = useExportAnalytics();
  const range = { from: data.from, to: data.to };
  const exportProps = (chart: AnalyticsChart) => ({
    onExport: () => exporter.mutate({ chart, range }),
    exporting: exporter.isPending && exporter.variables?.chart === chart,
  });
  const total = (source: MoneySource) =>
    `${source.label} ${usd(sumUsd(data.revenue.map((row) => row[source.key])))}`;
  const refunds = total(refundSource).replace('Refunds', 'refunds');
  const calls = sum(data.calls.map((row) => row.calls));
  const answered = sum(data.calls.map((row) => row.answered));
  const minutes = sum(data.calls.map((row) => row.minutes));
  const newUsers = sum(data.newUsers.map((row) => row.count));

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ChartCard
        className="xl:col-span-2"
        title="Revenue per day by product"
        summary={`${revenueSources.map(total).join(', ')}; ${refunds} given back.`}
        chart={{ kind: 'revenue', data: data.revenue, sources: revenueSources }}
        table={
          <MoneyTable
            caption="Revenue per day by product"
            rows={data.revenue}
            sources={[...revenueSources, refundSource]}
          />
        }
        {...exportProps('revenue')}
      />
      <ChartCard
        title="Money paid in per day"
        summary={`${moneyInSources.map(total).join(', ')}.`}
        chart={{ kind: 'revenue', data: data.revenue, sources: moneyInSources }}
        table={
          <MoneyTable
            caption="Money paid in per day"
            rows={data.revenue}
            sources={moneyInSources}
          />
        }
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
