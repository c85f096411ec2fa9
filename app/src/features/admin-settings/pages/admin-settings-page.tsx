import { QueryLoadError } from '../../../components/ui/load-error';
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
      {settings.isPending ? (
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <TableSkeleton label="Loading settings..." rows={4} columns={2} />
        </div>
      ) : settings.isError ? (
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <QueryLoadError query={settings} fallback="Could not load the settings." />
        </div>
      ) : (
        <>
          <SettingsForm saved={settings.data.settings} />
          <ConfigurationPanels configuration={settings.data.configuration} />
          <SmsLinkPanel />
        </>
      )}
    </div>
  );
}
