import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/basics/button';
import { Spinner } from '../../../components/ui/feedback/spinner';
import { isApiError, messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { usd } from '../../../lib/core';
import { depositsKey } from '../api/get-deposits';
import { isSettled, POLL_LIMIT_MS, usePayment } from '../api/get-payment';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

const frames = {
  info: 'border-slate-200 bg-white text-slate-700',
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  waiting: 'border-yellow-200 bg-yellow-50 text-yellow-900',
};

interface PaymentResultProps {
  clientSecret: string;
  onDismiss: () => void;
}

/** The outcome of a payment the user just made, polled until the provider settles it. */
export function PaymentResult({ clientSecret, onDismiss }: PaymentResultProps) {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const payment = usePayment(clientSecret, !timedOut);
  const settled = isSettled(payment.data);
  const status = payment.data?.status;

  useEffect(() => {
    if (settled || timedOut) return;
    const timer = window.setTimeout(() => setTimedOut(true), POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [settled, timedOut]);

  useEffect(() => {
    if (status !== 'succeeded' && status !== 'failed') return;
    void refreshAfterWrite(queryClient, { queryKey: depositsKey });
    // The balance in the shell and on the dashboard comes from the user; reload it.
    if (status === 'succeeded') void refreshUser();
  }, [status, queryClient, refreshUser]);

  let tone: keyof typeof frames = 'info';
  let body: ReactNode;
  if (payment.isPending) {
    body = (
      <p className="flex items-center gap-2">
        <Spinner className="h-4 w-4" /> Checking your payment...
      </p>
    );
  } else if (payment.isError) {
    tone = 'error';
    body = (
      <p className="flex items-center gap-2">
        <XCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
        {isApiError(payment.error) && payment.error.status === 404
          ? 'We could not find this payment.'
          : messageOf(payment.error, 'Could not check your payment.')}
      </p>
    );
  } else if (status === 'succeeded') {
    tone = 'success';
    body = (
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
        Payment successful: {usd(payment.data.amount)} added to your balance
      </p>
    );
  } else if (status === 'failed') {
    tone = 'error';
    body = (
      <div className="space-y-2">
        <p className="flex items-center gap-2 font-semibold">
          <XCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
          Payment failed: {payment.data.failureMessage ?? 'The payment was not completed.'}
        </p>
        <Link
          to={paths.client.payment(clientSecret)}
          className="inline-block text-sm font-semibold underline"
        >
          Try another card
        </Link>
      </div>
    );
  } else if (timedOut) {
    tone = 'waiting';
    body = (
      <div className="space-y-2">
        <p className="flex items-center gap-2">
          <Clock className="h-5 w-5 shrink-0" aria-hidden="true" />
          Your payment is still being processed. Your balance updates as soon as it is confirmed.
        </p>
        <Button size="sm" variant="secondary" onClick={() => setTimedOut(false)}>
          Check again
        </Button>
      </div>
    );
  } else {
    tone = 'waiting';
    body = (
      <p className="flex items-center gap-2">
        <Spinner className="h-4 w-4" /> Waiting for the payment to be confirmed...
      </p>
    );
  }

  return (
    <section
      aria-label="Payment result"
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-start sm:justify-between ${frames[tone]}`}
    >
      <div aria-live="polite" role="status" className="min-w-0">
        {body}
      </div>
      <Button size="sm" variant="ghost" onClick={onDismiss} className="self-end sm:self-start">
        Dismiss
      </Button>
    </section>
  );
}
