import { BarChart3, Globe, History, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';

interface QuickLink {
  label: string;
  description: string;
  to: string;
  icon: LucideIcon;
}

const quickLinks: QuickLink[] = [
  {
    label: 'Manage Users',
    description: 'Accounts, roles and status',
    to: paths.admin.users,
    icon: Users,
  },
  {
    label: 'Country Pricing',
    description: 'Per-minute and SMS rates',
    to: paths.admin.countryPricing,
    icon: Globe,
  },
  {
    label: 'Call History',
    description: 'Call records and recordings',
    to: paths.admin.callHistory,
    icon: History,
  },
  {
    label: 'Analytics',
    description: 'Revenue and usage trends',
    to: paths.admin.analytics,
    icon: BarChart3,
  },
];

export function QuickLinks() {
  return (
    <section aria-labelledby="quick-links-heading">
      <h2 id="quick-links-heading" className="text-lg font-semibold text-slate-900">
        Quick links
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {quickLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-200 hover:shadow"
            >
              <link.icon className="h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-slate-900">{link.label}</span>
                <span className="block text-sm text-slate-500">{link.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
