import { card, QueryStates } from '../../../components/ui/query-states';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSettings } from '../api/get-settings';
import { ConfigurationPanels } from '../components/configuration-panels';
import { SettingsForm } from '../components/settings-form';
import { SmsLinkPanel } from '../components/sms-link-panel';

export function AdminSettingsPage() {
  usePageMeta('Settings', 'Platform settings for administrators.');
  const settings = useSettings();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-slate-600">Platform settings for administrators.</p>
      </div>
      <QueryStates
        query={settings}
        loading={
          <div className={`${card} shadow-sm`}>
            <TableSkeleton label="Loading settings..." rows={4} columns={2} />
          </div>
        }
        error="Could not load the settings."
        cards
      >
        {(data) => (
          <>
            <SettingsForm saved={data.settings} />
            <ConfigurationPanels configuration={data.configuration} />
            <SmsLinkPanel />
          </>
        )}
      </QueryStates>
    </div>
  );
}
