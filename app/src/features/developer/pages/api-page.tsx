import { QueryStates } from '../../../components/ui/query-states';
import { PageHeader } from '../../../components/ui/page-header';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useDeveloperAccount } from '../api/get-developer-account';
import { ApiDocs } from '../components/api-docs';
import { ApiKeysPanel } from '../components/api-keys-panel';
import { CredentialsPanel } from '../components/credentials-panel';
import { WebhookDeliveriesPanel } from '../components/webhook-deliveries-panel';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export function ApiPage() {
  usePageMeta('API', 'Credentials, keys, webhooks and examples for the Dialtone REST API.');
  const account = useDeveloperAccount();
  return (
    <div className="space-y-6">
      <PageHeader
        title="API"
        description="Send SMS, buy numbers and read call records from your own code, with the Twilio SDKs you already use."
      />
      <section
        aria-labelledby="credentials-heading"
        aria-busy={account.isFetching}
        className={card}
      >
        <h2 id="credentials-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Account credentials
        </h2>
        <QueryStates
          query={account}
          loading={<TableSkeleton label="Loading credentials..." rows={2} columns={2} />}
          error="Could not load your API credentials."
        >
          {(data) => <CredentialsPanel account={data} />}
        </QueryStates>
      </section>
      <ApiKeysPanel />
      <WebhookDeliveriesPanel />
      <section aria-labelledby="api-docs-heading" className={card}>
        <h2 id="api-docs-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Documentation
        </h2>
        <ApiDocs
          accountSid={account.data?.accountSid ?? 'ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'}
          base={window.location.origin}
        />
      </section>
    </div>
  );
}
