import { ComposedChart, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  ChartBox,
  chartGrid,
  chartTick,
  roundedBars,
  trendLine,
} from '../../../components/charts/chart-parts';
import { usd } from '../../../lib/core';
import type { UsagePoint } from '../api/get-usage';
import { pointLabel } from './usage-labels';
import { useReducedMotion } from '../../../lib/use-reduced-motion';

// Tailwind's indigo-600, sky-400 and emerald-600, to match the brand palette.
const MINUTES = '#4f46e5';
const MESSAGES = '#38bdf8';
const SPEND = '#059669';

function tooltipValue(value: unknown, name: unknown): [string, string] {
  const label = String(name);
  return [label === 'Spend' ? usd(Number(value)) : String(value), label];
}

/**
 * The spend line's curve: monotone, so that between two days it never leaves the range
 * of their values and never draws money below $0.00 that was not spent.
 */
export const SPEND_CURVE = 'monotoneX' as const;

interface UsageChartProps {
  points: UsagePoint[];
  /** A fixed size instead of the container's (for rendering where nothing is laid out). */
  size?: { width: number; height: number };
}

/** Minutes and messages as bars on the left axis, spend as a line on the right one. */
export default function UsageChart({ points, size }: UsageChartProps) {
  const animate = !useReducedMotion();
  const data = points.map((point) => ({ ...point, name: pointLabel(point.label) }));
  const chart = (
    <ComposedChart
      data={data}
      accessibilityLayer={false}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      {...size}
    >
      {chartGrid}
      <XAxis dataKey="name" tick={chartTick} tickLine={false} minTickGap={12} />
      <YAxis yAxisId="count" allowDecimals={false} tick={chartTick} tickLine={false} />
      <YAxis
        yAxisId="spend"
        orientation="right"
        domain={[0, 'auto']}
        tick={chartTick}
        tickLine={false}
        tickFormatter={(value: number) => usd(value)}
        width={64}
      />
      <Tooltip formatter={tooltipValue} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {roundedBars(
        [
          { yAxisId: 'count', dataKey: 'minutes', name: 'Minutes', fill: MINUTES },
          { yAxisId: 'count', dataKey: 'messages', name: 'Messages', fill: MESSAGES },
        ],
        animate,
      )}
      {trendLine(
        { yAxisId: 'spend', dataKey: 'spend', name: 'Spend', stroke: SPEND, type: SPEND_CURVE },
        animate,
      )}
    </ComposedChart>
  );
  if (size) return chart;
  return <ChartBox>{chart}</ChartBox>;
}
