import { CreditCard, MessageSquare, PhoneCall, ShoppingCart, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';

interface QuickAction {
  label: string;
  description: string;
  to: string;
  icon: LucideIcon;
}

const actions: QuickAction[] = [
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
  return (
    <section aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading" className="text-lg font-semibold text-slate-900">
        Quick actions
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {actions.map((action) => (
          <li key={action.to}>
            <Link
              to={action.to}
              className="flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-200 hover:shadow"
            >
              <action.icon className="h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-slate-900">{action.label}</span>
                <span className="block text-sm text-slate-500">{action.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
