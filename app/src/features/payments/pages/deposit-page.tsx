import { useSearchParams } from 'react-router-dom';
import { AppPage } from '../../../components/ui/layout/app-page';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { useAuth } from '../../../lib/auth-context';
import { usd } from '../../../lib/core';
import { usePaymentConfig } from '../api/get-payment-config';
import { DepositForm } from '../components/deposit-form';
import { DepositsList } from '../components/deposits-list';
import { PaymentResult } from '../components/payment-result';
import { Section } from '../../../components/ui/layout/section';

// Our own return carries ?payment=; Stripe's redirect carries payment_intent_client_secret.
const RESULT_PARAMS = ['payment', 'payment_intent_client_secret'];

export function DepositPage() {
  const { user } = useAuth();
  const config = usePaymentConfig();
  const [params, setParams] = useSearchParams();
  const returned = RESULT_PARAMS.map((name) => params.get(name)).find(Boolean);

  function dismissResult() {
    setParams({}, { replace: true });
  }

  return (
    <AppPage
      title="Add Funds"
      meta="Top up your prepaid Dialtone balance by card."
      description="Top up your prepaid balance by card."
    >
      {returned && (
        <PaymentResult key={returned} clientSecret={returned} onDismiss={dismissResult} />
      )}
      <div className="grid gap-6 lg:grid-cols-5">
        <Section id="deposit-heading" title="Deposit amount" className="p-5 lg:col-span-2">
          {user && (
            <p className="mt-1 text-sm text-slate-600">
              Current balance{' '}
              <span className="font-semibold text-slate-900" data-testid="deposit-balance">
                {usd(user.balance)}
              </span>
            </p>
          )}
          <div className="mt-4">
            {config.isError ? (
              <QueryLoadError query={config} fallback="Could not load the payment settings." />
            ) : (
              <DepositForm limits={config.data} />
            )}
          </div>
        </Section>
        <div className="lg:col-span-3">
          <DepositsList />
        </div>
      </div>
    </AppPage>
  );
}
