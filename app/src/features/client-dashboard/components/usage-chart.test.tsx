import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UsagePoint } from '../api/get-usage';
import UsageChart from './usage-chart';

const SPEND = '#059669';

function day(n: number, spend: number): UsagePoint {
  return { label: `2026-11-${String(n).padStart(2, '0')}`, minutes: 0, messages: 0, spend };
}

/** Every y of the spend line's path: its points and its curve's control points. */
function spendLineYs(container: HTMLElement): number[] {
  const path = container.querySelector(`path.recharts-curve[stroke="${SPEND}"]`);
  const d = path?.getAttribute('d');
  if (!d) throw new Error('no spend line was drawn');
  const numbers = (d.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);
  return numbers.filter((_, i) => i % 2 === 1);
}

describe('usage chart', () => {
  it('never draws spend below $0.00 between days, however sharp the changes', () => {
    // Zero, a spike, zero again: a smoothing curve would swing below the axis here.
    const points = [day(1, 0), day(2, 0), day(3, 25), day(4, 0), day(5, 0), day(6, 9.5), day(7, 0)];
    const { container } = render(<UsageChart points={points} size={{ width: 600, height: 300 }} />);
    const ys = spendLineYs(container);
    // SVG y grows downwards: the days with no spend are the lowest points, the $0 line.
    const zero = Math.max(...ys.filter((_, i) => i % 3 === 0));
    expect(ys.length).toBeGreaterThan(points.length);
    for (const y of ys) expect(y).toBeLessThanOrEqual(zero + 0.001);
  });
});
