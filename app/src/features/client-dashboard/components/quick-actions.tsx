import { CreditCard, MessageSquare, PhoneCall, ShoppingCart } from 'lucide-react';
import { paths } from '../../../app/paths';
import { LinkCardGrid, type LinkCard } from '../../../components/ui/layout/link-card-grid';

const actions: LinkCard[] = [
  {
    label: 'Buy number',
    description: 'Local, mobile or toll-free',
    to: paths.client.buyNumber,
    icon: PhoneCall,
  },
  {
    label: 'Buy minutes',
    description: 'Call-minute packages',
    to: paths.client.buyPackage,
    icon: ShoppingCart,
  },
  {
    label: 'Send SMS',
    description: 'Text any mobile number',
    to: paths.client.sendSms,
    icon: MessageSquare,
  },
  {
    label: 'Add funds',
    description: 'Top up your balance',
    to: paths.client.deposit,
    icon: CreditCard,
  },
];

export function QuickActions() {
  return <LinkCardGrid id="quick-actions-heading" title="Quick actions" links={actions} />;
}
