import { Spinner } from '../../../components/ui/feedback/spinner';

/** What the payment page shows while the card is being confirmed. */
export function PaymentProgress() {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900"
    >
      <Spinner className="h-5 w-5 text-brand-600" />
      <div>
        <p className="font-semibold">Payment in Progress</p>
        <p className="text-sm">Loading...</p>
      </div>
    </div>
  );
}
