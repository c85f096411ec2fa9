import { Clock, Globe, Phone, Users, Wallet, type LucideIcon } from 'lucide-react';
import { FigurePlaceholder } from '../../../components/ui/feedback/figure-placeholder';
import { StatCard, StatCards } from '../../../components/ui/tables/stat-cards';
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
    <StatCards label="Overview" columns="sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      {cards.map((card) => (
        <StatCard
          key={card.label}
          testId={`stat-${card.label}`}
          label={card.label}
          icon={card.icon}
          size="truncate text-2xl"
          value={stats ? card.value(stats) : failed ? '—' : <FigurePlaceholder size="h-7 w-16" />}
        />
      ))}
    </StatCards>
  );
}
