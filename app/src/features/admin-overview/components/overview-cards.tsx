import { Clock, Globe, Phone, Users, Wallet, type LucideIcon } from 'lucide-react';
import { FigurePlaceholder } from '../../../components/ui/figure-placeholder';
import { usd } from '../../../lib/core';
import type { AdminStats } from '../api/get-stats';

const count = new Intl.NumberFormat('en-US');

interface Card {
  label: string;
  icon: LucideIcon;
  value: (stats: AdminStats) => string;
}

const cards: Card[] = [
  { label: 'Total Users', icon: Users, value: (s) => count.format(s.totalUsers) },
  { label: 'Active Numbers', icon: Phone, value: (s) => count.format(s.activeNumbers) },
  { label: 'Minutes Used', icon: Clock, value: (s) => count.format(s.minutesUsed) },
  { label: 'Revenue', icon: Wallet, value: (s) => usd(s.revenue) },
  { label: 'Countries', icon: Globe, value: (s) => count.format(s.countries) },
];

/** The five headline figures; grey blocks while they load, a dash when they could not. */
export function OverviewCards({ stats, failed }: { stats?: AdminStats; failed: boolean }) {
  return (
    <ul aria-label="Overview" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      {cards.map((card) => (
        <li
          key={card.label}
          className="flex items-start justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid={`stat-${card.label}`}
        >
          <div className="min-w-0">
            <h2 className="text-sm font-medium text-slate-600">{card.label}</h2>
            <p className="mt-2 truncate text-2xl font-bold text-slate-900 tabular-nums">
              {stats ? card.value(stats) : failed ? '—' : <FigurePlaceholder size="h-7 w-16" />}
            </p>
          </div>
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <card.icon className="h-5 w-5" aria-hidden="true" />
          </span>
        </li>
      ))}
    </ul>
  );
}
