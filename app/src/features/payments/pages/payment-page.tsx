import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/feedback/alert';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { Spinner } from '../../../components/ui/feedback/spinner';
import { isApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { usePayment } from '../api/get-payment';
import { usePaymentConfig } from '../api/get-payment-config';
import { PaymentSummary } from '../components/payment-summary';
import { SandboxCardForm } from '../components/sandbox-card-form';

const StripePaymentForm = lazy(() =>
  import('../components/stripe-payment-form').then((module) => ({
    default: module.StripePaymentForm,
  })),
);

function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <Spinner className="h-4 w-4" /> {children}
    </p>
  );
}

/** /client/payment/:id, where :id is the provider's client secret of the deposit. */
export function PaymentPage() {
  usePageMeta('Payment', 'Pay for your Dialtone deposit by card.');
  const { id = '' } = useParams();
  if (id === '') return null;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div>
        <Link
          to={paths.client.deposit}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Back to Add Funds
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Payment</h1>
        <p className="mt-1 text-slate-600">Pay for your deposit by card.</p>
      </div>
      <section
        aria-label="Card payment"
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <PaymentBody clientSecret={id} />
      </section>
    </div>
  );
}

function PaymentBody({ clientSecret }: { clientSecret: string }) {
  const config = usePaymentConfig();
  const payment = usePayment(clientSecret);

  if (config.isPending || payment.isPending) return <Loading>Loading...</Loading>;
  if (payment.isError && isApiError(payment.error) && payment.error.status === 404) {
    return (
      <div className="space-y-4">
        <Alert>We could not find this payment. Start a new deposit instead.</Alert>
        <ButtonLink to={paths.client.deposit} variant="secondary">
          Back to Add Funds
        </ButtonLink>
      </div>
    );
  }
  if (config.isError || payment.isError) {
    const failed = config.isError ? config : payment;
    return <QueryLoadError query={failed} fallback="Could not load this payment." />;
  }
  if (payment.data.status === 'succeeded') {
    return (
      <div className="space-y-4">
        <PaymentSummary payment={payment.data} />
        <Alert tone="success">This payment has already been completed.</Alert>
        <ButtonLink to={paths.client.deposit} variant="secondary">
          Back to Add Funds
        </ButtonLink>
      </div>
    );
  }

  let form: ReactNode;
  if (config.data.provider === 'sandbox') {
    form = <SandboxCardForm clientSecret={clientSecret} />;
  } else if (config.data.publishableKey) {
    form = (
      <Suspense fallback={<Loading>Loading...</Loading>}>
        <StripePaymentForm
          clientSecret={clientSecret}
          publishableKey={config.data.publishableKey}
        />
      </Suspense>
    );
  } else {
    form = <Alert>Card payments are not available right now. Please try again later.</Alert>;
  }
  return (
    <>
      <PaymentSummary payment={payment.data} />
      {form}
    </>
  );
}
