import {
  BarChart3,
  FileSpreadsheet,
  Globe,
  History,
  Inbox,
  LayoutDashboard,
  Package,
  Phone,
  ScrollText,
  Settings,
  ShieldAlert,
  Siren,
  Users,
  Wallet,
} from 'lucide-react';
import { paths } from '../../app/paths';
import { useAuth } from '../../lib/auth-context';
import { AreaShell, type AreaNavGroup } from './area-shell';
import { useTwoFactor } from '../../features/settings/api/two-factor';
import { TwoFactorForm } from '../../features/settings/components/two-factor-form';

const groups: AreaNavGroup[] = [
  {
    title: 'Dashboard',
    items: [
      { label: 'Overview', to: paths.admin.root, icon: LayoutDashboard, end: true },
      { label: 'Manage Users', to: paths.admin.users, icon: Users },
      { label: 'User Balances', to: paths.admin.balances, icon: Wallet },
    ],
  },
  {
    title: 'Service Management',
    items: [
      { label: 'Manage Phone Numbers', to: paths.admin.phones, icon: Phone },
      { label: 'Manage Packages', to: paths.admin.packages, icon: Package },
      { label: 'Call History', to: paths.admin.callHistory, icon: History },
      { label: 'Country Pricing', to: paths.admin.countryPricing, icon: Globe },
      { label: 'Rate Decks', to: paths.admin.rateDecks, icon: FileSpreadsheet },
      { label: 'Permissions', to: paths.admin.permissions, icon: ShieldAlert },
      { label: 'Fraud', to: paths.admin.fraud, icon: Siren },
    ],
  },
  {
    title: 'System',
    items: [
      { label: 'Analytics', to: paths.admin.analytics, icon: BarChart3 },
      { label: 'Messages', to: paths.admin.messages, icon: Inbox },
      { label: 'Audit Log', to: paths.admin.audit, icon: ScrollText },
      { label: 'Settings', to: paths.admin.settings, icon: Settings },
    ],
  },
];

/** An administrator without a second factor sets it up before the admin area opens. */
function EnrolGate() {
  return (
    <section aria-labelledby="admin-two-factor-heading" className="max-w-2xl space-y-4">
      <h1 id="admin-two-factor-heading" className="text-2xl font-bold text-slate-900">
        Turn on two-factor sign-in
      </h1>
      <p className="text-sm text-slate-600">
        Administrators sign in with a password and a code from an authenticator app. Set it up to
        open the admin area.
      </p>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <TwoFactorForm />
      </div>
    </section>
  );
}

export function AdminLayout() {
  const { user } = useAuth();
  const twoFactor = useTwoFactor();
  const mustEnrol = twoFactor.data?.required === true && !twoFactor.data.enabled;
  return (
    <AreaShell
      gate={mustEnrol ? <EnrolGate /> : undefined}
      label="Admin area"
      groups={groups}
      logoutInNav
      profile={
        <div className="flex items-center gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
            {user?.name.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{user?.name}</p>
            <p className="text-xs text-slate-500">Administrator</p>
          </div>
        </div>
      }
      topBar={
        <>
          <p className="truncate text-lg font-semibold text-slate-900">Admin Dashboard</p>
          <p className="truncate text-sm text-slate-600">{user?.name}</p>
        </>
      }
    />
  );
}
