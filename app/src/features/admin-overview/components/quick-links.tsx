import { BarChart3, Globe, History, Users } from 'lucide-react';
import { paths } from '../../../app/paths';
import { LinkCardGrid, type LinkCard } from '../../../components/ui/layout/link-card-grid';

const quickLinks: LinkCard[] = [
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
  return <LinkCardGrid id="quick-links-heading" title="Quick links" links={quickLinks} />;
}
