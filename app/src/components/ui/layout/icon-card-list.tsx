import type { LucideIcon } from 'lucide-react';

export interface IconCardItem {
  title: string;
  description: string;
  icon: LucideIcon;
}

const box = 'rounded-2xl border border-slate-200 bg-white p-6';

// Each list's cards keep the sizes they were designed with.
const looks = {
  /** About's values: a large icon and title. */
  value: {
    card: `${box} shadow-sm`,
    icon: 'h-8 w-8 text-brand-600',
    title: 'mt-4 text-lg font-semibold text-slate-900',
    text: 'mt-2 text-slate-600',
  },
  /** A feature of the features page: smaller icon and text. */
  feature: {
    card: `${box} shadow-sm`,
    icon: 'h-7 w-7 text-brand-600',
    title: 'mt-4 font-semibold text-slate-900',
    text: 'mt-2 text-sm text-slate-600',
  },
  /** A payment method: centred and compact. */
  method: {
    card: `${box} text-center shadow-sm`,
    icon: 'mx-auto h-8 w-8 text-brand-600',
    title: 'mt-3 font-semibold text-slate-900',
    text: 'mt-1 text-sm text-slate-600',
  },
} as const;

interface IconCardListProps {
  items: readonly IconCardItem[];
  look: keyof typeof looks;
  /** The list's grid, e.g. `mt-10 grid gap-6 md:grid-cols-3`. */
  className: string;
}

/** Cards of an icon, a title and a sentence, as a list. */
export function IconCardList({ items, look, className }: IconCardListProps) {
  const classes = looks[look];
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title} className={classes.card}>
          <item.icon className={classes.icon} aria-hidden="true" />
          <h3 className={classes.title}>{item.title}</h3>
          <p className={classes.text}>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
