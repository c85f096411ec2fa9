import type { DateRange } from '../api/get-analytics';

const DAY_MS = 86_400_000;

/** The server's days are UTC days; so are these. */
function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The last `days` days up to and including today. */
export function lastDays(days: number, now = Date.now()): DateRange {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

export const presets = [7, 30, 90] as const;

export const DEFAULT_DAYS = 30;

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function parse(day: string): Date | null {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  return new Date(year, month - 1, date);
}

/** "2026-11-20" -> "Nov 20". */
export function shortDay(day: string): string {
  const value = parse(day);
  return value ? short.format(value) : day;
}

/** "2026-11-20" -> "Nov 20, 2026". */
export function longDay(day: string): string {
  const value = parse(day);
  return value ? long.format(value) : day;
}
