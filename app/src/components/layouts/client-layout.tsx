import {
  Bell,
  Bug,
  Code,
  CreditCard,
  Globe,
  Headphones,
  History,
  LayoutDashboard,
  MessageSquare,
  MessagesSquare,
  Package,
  ShoppingCart,
  Phone,
  PhoneCall,
  PhoneOutgoing,
  Receipt,
  Settings,
  Wallet,
  Workflow,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { CallDock } from '../../features/phone/components/call-dock';
import { CompactDialer } from '../../features/phone/components/compact-dialer';
import { PhoneProvider } from '../../features/phone/lib/phone-context';
import { useAuth } from '../../lib/auth-context';
import { usd } from '../../lib/core';
import { AreaShell, type AreaNavGroup } from './area-shell';

const groups: AreaNavGroup[] = [
  {
    title: 'Overview',
    items: [{ label: 'Dashboard', to: paths.client.root, icon: LayoutDashboard, end: true }],
  },
  {
    title: 'Services',
    items: [
      { label: 'My Numbers', to: paths.client.myNumbers, icon: Phone },
      { label: 'My Packages', to: paths.client.myPackages, icon: Package },
      { label: 'Buy Number', to: paths.client.buyNumber, icon: PhoneCall },
      { label: 'Buy Package', to: paths.client.buyPackage, icon: ShoppingCart },
      { label: 'Phone', to: paths.client.phone, icon: PhoneOutgoing },
      { label: 'Call History', to: paths.client.callHistory, icon: History },
      { label: 'Send SMS', to: paths.client.sendSms, icon: MessageSquare },
      { label: 'Messages', to: paths.client.messages, icon: MessagesSquare },
      { label: 'SIP Devices', to: paths.client.sipDevices, icon: Headphones },
      { label: 'IVR flows', to: paths.client.ivr, icon: Workflow },
      { label: 'API', to: paths.client.api, icon: Code },
      { label: 'Debugger', to: paths.client.debugger, icon: Bug },
    ],
  },
  {
    title: 'Account',
    items: [
      { label: 'Add Funds', to: paths.client.deposit, icon: CreditCard },
      { label: 'Billing', to: paths.client.billing, icon: Wallet },
      { label: 'Transactions', to: paths.client.transactions, icon: Receipt },
      { label: 'Notifications', to: paths.client.notifications, icon: Bell },
      { label: 'Permissions', to: paths.client.permissions, icon: Globe },
      { label: 'Settings', to: paths.client.settings, icon: Settings },
    ],
  },
];

export function ClientLayout() {
  const { user } = useAuth();
  return (
    <PhoneProvider>
      <AreaShell
        label="Client area"
        groups={groups}
        profile={
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{user?.name ?? ' '}</p>
            <p className="truncate text-xs text-slate-500">{user?.email ?? ' '}</p>
          </div>
        }
        topBar={
          <>
            <p className="truncate text-lg font-semibold text-slate-900">Client Area</p>
            <div className="flex shrink-0 items-center gap-2">
              <CompactDialer />
              <NotificationsBell />
              {user && (
                <Link
                  to={paths.client.deposit}
                  className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-100"
                >
                  {/* On a phone the amount alone keeps the title readable. */}
                  <span className="max-sm:sr-only">Balance </span>
                  {usd(user.balance)}
                </Link>
              )}
            </div>
          </>
        }
      />
      <CallDock />
    </PhoneProvider>
  );
}
