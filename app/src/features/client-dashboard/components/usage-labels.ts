import { fromMicros, toMicros } from '../../../lib/core';
import type { UsagePoint, UsageRange } from '../api/get-usage';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });

/** "2026-11-20" -> "Nov 20", "2026-11" -> "Nov 2026", as local calendar dates. */
export function pointLabel(label: string): string {
  const [year, monthIndex, date] = label.split('-').map(Number);
  if (!year || !monthIndex) return label;
  const value = new Date(year, monthIndex - 1, date || 1);
  if (Number.isNaN(value.getTime())) return label;
  return date ? day.format(value) : month.format(value);
}

export const rangeNames: Record<UsageRange, string> = {
  week: 'the last 7 days',
  month: 'the last 30 days',
  year: 'the last 12 months',
};

export interface UsageTotals {
  minutes: number;
  messages: number;
  /** Decimal text from core, exact to the micro-dollar. */
  spend: string;
}

export function usageTotals(points: UsagePoint[]): UsageTotals {
  let micros = 0n;
  let minutes = 0;
  let messages = 0;
  for (const point of points) {
    minutes += point.minutes;
    messages += point.messages;
    micros += BigInt(toMicros(String(point.spend)));
  }
  return { minutes, messages, spend: fromMicros(String(micros)) };
}
