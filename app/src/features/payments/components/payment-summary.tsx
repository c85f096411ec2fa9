import { usd } from '../../../lib/core';
import type { Deposit } from '../api/get-deposits';

/** What the user is about to pay. */
export function PaymentSummary({ payment }: { payment: Deposit }) {
  return (
    <dl className="flex items-baseline justify-between rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-600">Deposit amount</dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">{usd(payment.amount)}</dd>
    </dl>
  );
}
