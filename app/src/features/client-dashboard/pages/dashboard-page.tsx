import { useAuth } from '../../../lib/auth-context';
import { usePageMeta } from '../../../lib/use-page-meta';
import { BalanceCard } from '../components/balance-card';

export function DashboardPage() {
  const { user } = useAuth();
  usePageMeta('Dashboard', 'Your Dialtone balance, numbers, minutes and recent activity.');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          Welcome back{user ? `, ${user.name}` : ''}
        </h1>
        <p className="mt-1 text-slate-600">Here is an overview of your account.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        {user && <BalanceCard balance={user.balance} />}
      </div>
    </div>
  );
}
