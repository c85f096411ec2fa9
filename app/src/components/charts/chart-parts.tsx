// Pieces the recharts charts share. Only the lazily loaded chart modules import this file,
// which keeps recharts out of the entry chunk.
import type { ReactElement } from 'react';
import { Bar, CartesianGrid, Line, ResponsiveContainer, type LineProps } from 'recharts';

/** Horizontal grid lines in Tailwind's slate-200. */
export const chartGrid = <CartesianGrid stroke="#e2e8f0" vertical={false} />;

export const chartTick = { fontSize: 12 };

/** One series of bars: the key it draws, its legend's name, its colour and its y axis. */
export interface BarSeries {
  dataKey: string;
  name: string;
  fill: string;
  yAxisId?: string;
}

/** Bars side by side, rounded at the top; still when the user asks for reduced motion. */
export function roundedBars(series: BarSeries[], animate: boolean) {
  return series.map((bar) => (
    <Bar key={bar.dataKey} {...bar} isAnimationActive={animate} radius={[3, 3, 0, 0]} />
  ));
}

/** A line without dots over the bars, on its own y axis. */
export function trendLine(
  line: Pick<LineProps, 'dataKey' | 'name' | 'stroke' | 'yAxisId' | 'type'>,
  animate: boolean,
) {
  return <Line {...line} isAnimationActive={animate} strokeWidth={2} dot={false} />;
}

/**
 * A chart the width of its container and 18rem high, hidden from screen readers: a
 * table or a summary beside it says the same in words.
 */
export function ChartBox({ children }: { children: ReactElement }) {
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}
