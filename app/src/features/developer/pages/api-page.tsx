import { QueryStates } from '../../../components/ui/tables/query-states';
import { AppPage } from '../../../components/ui/layout/app-page';
import { Section } from '../../../components/ui/layout/section';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useDeveloperAccount } from '../api/get-developer-account';
import { ApiDocs } from '../components/api-docs';
import { ApiKeysPanel } from '../components/api-keys-panel';
import { CredentialsPanel } from '../components/credentials-panel';
import { RecordingsForm } from '../components/recordings-form';
import { WebhookDeliveriesPanel } from '../components/webhook-deliveries-panel';

export function ApiPage() {
  const account = useDeveloperAccount();
  return (
    <AppPage
      title="API"
      meta="Credentials, keys, webhooks and examples for the Dialtone REST API."
      description="Send SMS, buy numbers and read call records from your own code, with the Twilio SDKs you already use."
    >
      <Section
        id="credentials-heading"
        title="Account credentials"
        className="space-y-4 p-6"
        busy={account.isFetching}
      >
        <QueryStates
          query={account}
          loading={<TableSkeleton label="Loading credentials..." rows={2} columns={2} />}
          error="Could not load your API credentials."
        >
          {(data) => <CredentialsPanel account={data} />}
        </QueryStates>
      </Section>
      <ApiKeysPanel />
      <WebhookDeliveriesPanel />
      <RecordingsForm />
      <Section id="api-docs-heading" title="Documentation" className="space-y-4 p-6">
        <ApiDocs
          accountSid={account.data?.accountSid ?? 'ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'}
          base={window.location.origin}
        />
      </Section>
    </AppPage>
  );
}
