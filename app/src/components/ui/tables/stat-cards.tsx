import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

interface StatCardsProps {
  /** Names the list, e.g. "Overview". */
  label: string;
  /** The grid's columns, e.g. `sm:grid-cols-2`. */
  columns: string;
  children: ReactNode;
}

/** Headline figures of an admin screen as a grid of cards; a list, so that screen readers count them. */
export function StatCards({ label, columns, children }: StatCardsProps) {
  return (
    <ul aria-label={label} className={`grid gap-4 ${columns}`}>
      {children}
    </ul>
  );
}

interface StatCardProps {
  label: ReactNode;
  /** The figure, or a placeholder while it loads. */
  value: ReactNode;
  /** The figure's size, e.g. `text-3xl`; `truncate text-2xl` where five cards share a row. */
  size: string;
  /** A line under the figure saying how it is reckoned. */
  note?: string;
  icon?: LucideIcon;
  testId: string;
}

/** One card of StatCards: its label above its figure, and an icon on the right if given. */
export function StatCard({ label, value, size, note, icon: Icon, testId }: StatCardProps) {
  const text = (
    <>
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className={`mt-2 ${size} font-bold text-slate-900 tabular-nums`}>{value}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </>
  );
  if (!Icon) {
    return (
      <li className={card} data-testid={testId}>
        {text}
      </li>
    );
  }
  return (
    <li className={`flex items-start justify-between gap-3 ${card}`} data-testid={testId}>
      <div className="min-w-0">{text}</div>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
    </li>
  );
}
