import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  ChartBox,
  chartGrid as grid,
  chartTick as tick,
  roundedBars,
  trendLine,
} from '../../../components/charts/chart-parts';
import { usd } from '../../../lib/core';
import type { CallsPoint, Destination, NewUsersPoint, RevenuePoint } from '../api/get-analytics';
import type { MoneySource } from './analytics-format';
import { shortDay } from './date-range';
import { useReducedMotion } from '../../../lib/use-reduced-motion';

export type AnalyticsChartProps =
  | { kind: 'revenue'; data: RevenuePoint[]; sources: readonly MoneySource[] }
  | { kind: 'calls'; data: CallsPoint[] }
  | { kind: 'users'; data: NewUsersPoint[] }
  | { kind: 'destinations'; data: Destination[] };

const money = (value: unknown) => usd(Number(value));

/** A chart's points, and whether it animates (not when the user asks for reduced motion). */
interface ChartProps<T> {
  data: T[];
  animate: boolean;
}

/** The grid and the axis of days under every chart over time. */
const dayAxes = (
  <>
    {grid}
    <XAxis dataKey="date" tickFormatter={shortDay} tick={tick} tickLine={false} minTickGap={16} />
  </>
);

/** The tooltip of a chart over time, headed by the day. */
const dayTooltip = <Tooltip labelFormatter={(day) => shortDay(String(day))} />;

function RevenueChart({
  data,
  animate,
  sources,
}: ChartProps<RevenuePoint> & { sources: readonly MoneySource[] }) {
  return (
    <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 8 }}>
      {dayAxes}
      <YAxis tick={tick} tickLine={false} tickFormatter={money} width={72} />
      <Tooltip formatter={money} labelFormatter={(day) => shortDay(String(day))} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {sources.map((source) => (
        <Bar
          key={source.key}
          isAnimationActive={animate}
          dataKey={source.key}
          name={source.label}
          stackId="revenue"
          fill={source.color}
        />
      ))}
    </BarChart>
  );
}

function CallsChart({ data, animate }: ChartProps<CallsPoint>) {
  return (
    <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -8 }}>
      {dayAxes}
      <YAxis yAxisId="calls" allowDecimals={false} tick={tick} tickLine={false} />
      <YAxis
        yAxisId="minutes"
        orientation="right"
        allowDecimals={false}
        tick={tick}
        tickLine={false}
      />
      {dayTooltip}
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {roundedBars(
        [
          { yAxisId: 'calls', dataKey: 'calls', name: 'Calls', fill: '#4f46e5' },
          { yAxisId: 'calls', dataKey: 'answered', name: 'Answered', fill: '#38bdf8' },
        ],
        animate,
      )}
      {trendLine(
        {
          yAxisId: 'minutes',
          dataKey: 'minutes',
          name: 'Minutes',
          stroke: '#059669',
          type: 'monotone',
        },
        animate,
      )}
    </ComposedChart>
  );
}

function UsersChart({ data, animate }: ChartProps<NewUsersPoint>) {
  return (
    <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16 }}>
      {dayAxes}
      <YAxis allowDecimals={false} tick={tick} tickLine={false} />
      {dayTooltip}
      {roundedBars([{ dataKey: 'count', name: 'New users', fill: '#4f46e5' }], animate)}
    </BarChart>
  );
}

function DestinationsChart({ data, animate }: ChartProps<Destination>) {
  return (
    <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ right: 16 }}>
      <CartesianGrid stroke="#e2e8f0" horizontal={false} />
      <XAxis type="number" tick={tick} tickLine={false} tickFormatter={money} />
      <YAxis type="category" dataKey="country" tick={tick} tickLine={false} width={110} />
      <Tooltip formatter={money} />
      <Bar
        isAnimationActive={animate}
        dataKey="revenue"
        name="Revenue"
        fill="#059669"
        radius={[0, 3, 3, 0]}
      />
    </BarChart>
  );
}

/** Every analytics chart, in one lazily loaded module so recharts stays out of the entry. */
export default function AnalyticsChart(props: AnalyticsChartProps) {
  const animate = !useReducedMotion();
  return (
    <ChartBox>
      {props.kind === 'revenue' ? (
        <RevenueChart data={props.data} animate={animate} sources={props.sources} />
      ) : props.kind === 'calls' ? (
        <CallsChart data={props.data} animate={animate} />
      ) : props.kind === 'users' ? (
        <UsersChart data={props.data} animate={animate} />
      ) : (
        <DestinationsChart data={props.data} animate={animate} />
      )}
    </ChartBox>
  );
}
