import { AppPage } from '../../../components/ui/layout/app-page';
import { card, QueryStates } from '../../../components/ui/tables/query-states';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useSettings } from '../api/get-settings';
import { ConfigurationPanels } from '../components/configuration-panels';
import { SettingsForm } from '../components/settings-form';
import { ProviderDetailsForm } from '../components/provider-details-form';
import { SmsLinkPanel } from '../components/sms-link-panel';

export function AdminSettingsPage() {
  const settings = useSettings();

  return (
    <AppPage title="Settings" description="Platform settings for administrators.">
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
            <ProviderDetailsForm />
          </>
        )}
      </QueryStates>
    </AppPage>
  );
}
