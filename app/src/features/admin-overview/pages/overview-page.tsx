import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useStats } from '../api/get-stats';
import { OverviewCards } from '../components/overview-cards';
import { QuickLinks } from '../components/quick-links';
import { RecentUsers } from '../components/recent-users';
import { TopCountries } from '../components/top-countries';
import { SipBans } from '../components/sip-bans';
import { useSipBans } from '../api/get-sip-bans';
import { useCodeCosts } from '../api/get-code-costs';
import { CodeCostList } from '../components/code-costs';
import { ListPanel } from '../../../components/ui/tables/list-panel';
import { QueryStates } from '../../../components/ui/tables/query-states';

interface PanelProps {
  id: string;
  title: string;
  busy: boolean;
  action?: ReactNode;
  children: ReactNode;
}

function Panel({ id, title, busy, action, children }: PanelProps) {
  return (
    <ListPanel labelledBy={id} busy={busy} className="min-w-0 overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </ListPanel>
  );
}

export function OverviewPage() {
  usePageMeta('Overview', 'Dialtone administration overview.');
  const stats = useStats();
  const bans = useSipBans();
  const codes = useCodeCosts();
  const loading = (what: string) => <TableSkeleton label={`Loading ${what}...`} columns={3} />;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Overview</h1>
      {stats.isError && (
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <QueryLoadError query={stats} fallback="Could not load the overview." />
        </div>
      )}
      <OverviewCards stats={stats.data} failed={stats.isError} />
      {!stats.isError && (
        <div className="grid gap-6 xl:grid-cols-2">
          <Panel id="top-countries-heading" title="Revenue by country" busy={stats.isFetching}>
            {stats.data ? <TopCountries countries={stats.data.topCountries} /> : loading('revenue')}
          </Panel>
          <Panel
            id="recent-users-heading"
            title="Recent users"
            busy={stats.isFetching}
            action={
              <Link
                to={paths.admin.users}
                className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
              >
                View all users
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            }
          >
            {stats.data ? <RecentUsers users={stats.data.recentUsers} /> : loading('recent users')}
          </Panel>
        </div>
      )}
      <Panel id="sip-bans-heading" title="Banned SIP addresses" busy={bans.isFetching}>
        <QueryStates
          query={bans}
          loading={loading('banned addresses')}
          error="Could not load the banned addresses."
        >
          {(data) => <SipBans bans={data} />}
        </QueryStates>
      </Panel>
      <Panel id="code-costs-heading" title="Verification codes" busy={codes.isFetching}>
        <QueryStates
          query={codes}
          loading={loading('verification codes')}
          error="Could not load the verification codes."
        >
          {(data) => <CodeCostList costs={data} />}
        </QueryStates>
      </Panel>
      <QuickLinks />
    </div>
  );
}
