import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CardText } from './card-text';

export interface LinkCard {
  label: string;
  description: string;
  to: string;
  icon: LucideIcon;
}

interface LinkCardGridProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  links: readonly LinkCard[];
}

/** A dashboard's shortcuts: a titled row of cards, each a link with an icon. */
export function LinkCardGrid({ id, title, links }: LinkCardGridProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-200 hover:shadow"
            >
              <link.icon className="h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
              <CardText title={link.label} detail={link.description} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
