import { AppPage } from '../../../components/ui/layout/app-page';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { Spinner } from '../../../components/ui/feedback/spinner';
import { usePaymentConfig } from '../../payments/api/get-payment-config';
import { useAutoRecharge, useSavedCard } from '../api/billing';
import { AutoRechargeForm } from '../components/auto-recharge-form';
import { BillingProfileForm } from '../components/billing-profile-form';
import { DocumentsTable } from '../components/documents-table';
import { LowBalanceForm } from '../components/low-balance-form';
import { UsageTriggers } from '../components/usage-triggers';
import { SavedCardPanel } from '../components/saved-card-panel';

/** /client/billing: the saved card and auto-recharge. */
export function BillingPage() {
  const config = usePaymentConfig();
  const card = useSavedCard();
  const recharge = useAutoRecharge();
  let body;
  if (config.isPending || card.isPending || recharge.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Spinner className="h-4 w-4" /> Loading billing...
      </p>
    );
  } else if (config.isError || card.isError || recharge.isError) {
    const failed = config.isError ? config : card.isError ? card : recharge;
    body = <QueryLoadError query={failed} fallback="Could not load your billing settings." />;
  } else {
    body = (
      <>
        <SavedCardPanel state={card.data} config={config.data} />
        <AutoRechargeForm
          key={`${recharge.dataUpdatedAt}`}
          settings={recharge.data}
          hasCard={card.data.card != null}
          maxDeposit={config.data.maxDeposit}
        />
        <LowBalanceForm />
        <UsageTriggers />
        <DocumentsTable />
        <BillingProfileForm />
      </>
    );
  }
  return (
    <AppPage
      title="Billing"
      meta="Your saved card, auto-recharge, receipts and statements."
      description="Save a card and let Dialtone top up your balance before it runs out, so calls are never cut for lack of funds. Every payment has a receipt and every month a statement."
    >
      <div className="space-y-6">{body}</div>
    </AppPage>
  );
}
