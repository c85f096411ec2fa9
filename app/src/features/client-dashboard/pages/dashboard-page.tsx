import { Clock, MessageSquare, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../../../app/paths';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { PageHeader } from '../../../components/ui/layout/page-header';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { formatRate } from '../../../lib/core';
import { useAuth } from '../../../lib/auth-context';
import { usePageMeta } from '../../../lib/use-page-meta';
import { LiveCallsPanel } from '../../live-calls/components/live-calls-panel';
import { TrialPanel } from '../../trial/components/trial-panel';
import { useDashboard, type DashboardSummary } from '../api/get-dashboard';
import { BalanceCard } from '../components/balance-card';
import { QuickActions } from '../components/quick-actions';
import { RecentActivity } from '../components/recent-activity';
import { StatCard, type StatCardProps } from '../components/stat-card';
import { UsageHistory } from '../components/usage-history';
import { ListPanel, PanelHeading } from '../../../components/ui/tables/list-panel';

/** One of the account's counts: its card, but its figure read from the dashboard summary. */
type Count = Omit<StatCardProps, 'value' | 'detail'> & {
  /** The summary's figure the card shows. */
  field: 'activeNumbers' | 'minutesRemaining' | 'smsRemaining';
  detail?: (summary: DashboardSummary) => ReactNode;
};

// Each count links to where it is used or bought; what the SMS count buys is reckoned below it.
const counts: Count[] = [
  {
    field: 'activeNumbers',
    icon: Phone,
    label: 'Active numbers',
    to: paths.client.myNumbers,
    linkLabel: 'View my numbers',
  },
  {
    field: 'minutesRemaining',
    icon: Clock,
    label: 'Minutes remaining',
    to: paths.client.myPackages,
    linkLabel: 'View my packages',
  },
  {
    field: 'smsRemaining',
    icon: MessageSquare,
    label: 'SMS remaining',
    to: paths.client.sendSms,
    linkLabel: 'Send a message',
    detail: (summary) => (
      <>
        <p>{summary.smsThisMonth} sent this month</p>
        <p>
          What your balance buys at {formatRate(String(summary.smsRate))} a message to{' '}
          {summary.smsDestination}, where you text most.
        </p>
      </>
    ),
  },
];

export function DashboardPage() {
  const { user } = useAuth();
  usePageMeta('Dashboard', 'Your Dialtone balance, numbers, minutes and recent activity.');
  const dashboard = useDashboard();
  const summary = dashboard.data;
  const balance = summary?.balance ?? user?.balance;
  const stat = (value: number | undefined) =>
    value !== undefined ? String(value) : dashboard.isError ? '-' : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        title={`Welcome back${user ? `, ${user.name}` : ''}`}
        description="Here is an overview of your account."
      />
      <TrialPanel />
      {dashboard.isError && (
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <QueryLoadError query={dashboard} fallback="Could not load your account overview." />
        </div>
      )}
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {balance !== undefined && <BalanceCard balance={balance} />}
        {counts.map(({ field, detail, ...card }) => (
          <StatCard
            key={field}
            {...card}
            value={stat(summary?.[field])}
            detail={summary && detail?.(summary)}
          />
        ))}
      </div>
      <div className="grid gap-6 xl:grid-cols-5">
        <div className="min-w-0 xl:col-span-3">
          <UsageHistory />
        </div>
        <ListPanel
          labelledBy="activity-heading"
          busy={dashboard.isFetching}
          className="overflow-hidden xl:col-span-2"
        >
          <PanelHeading id="activity-heading" title="Recent activity" />
          {summary ? (
            <RecentActivity items={summary.recentActivity} />
          ) : dashboard.isError ? (
            <p className="p-8 text-center text-slate-500">Recent activity is unavailable.</p>
          ) : (
            <TableSkeleton label="Loading recent activity..." rows={4} columns={2} />
          )}
        </ListPanel>
      </div>
      <LiveCallsPanel scope="client" />
      <QuickActions />
    </div>
  );
}
