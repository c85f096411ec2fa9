import { useState } from 'react';
import toast from 'react-hot-toast';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button-link';
import { LoadError } from '../../../components/ui/load-error';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useMyNumbers, type MyNumber } from '../api/get-my-numbers';
import { CancelNumberDialog } from '../components/cancel-number-dialog';
import { MyNumbersTable, type NumberAction } from '../components/my-numbers-table';
import { RenewNumberDialog } from '../components/renew-number-dialog';

async function copyNumber(number: string) {
  try {
    await navigator.clipboard.writeText(number);
    toast.success('Number copied');
  } catch {
    toast.error('Could not copy the number');
  }
}

export function MyNumbersPage() {
  usePageMeta('My Numbers', 'Your virtual phone numbers with their renewal dates and fees.');
  const numbers = useMyNumbers();
  const [open, setOpen] = useState<{ action: 'cancel' | 'renew'; item: MyNumber } | null>(null);
  const close = () => setOpen(null);

  function onAction(action: NumberAction, item: MyNumber) {
    if (action === 'copy') void copyNumber(item.number);
    else setOpen({ action, item });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My Numbers</h1>
          <p className="mt-1 text-slate-600">Your virtual phone numbers and their renewals.</p>
        </div>
        <ButtonLink to={paths.client.buyNumber}>Buy Number</ButtonLink>
      </div>
      <Alert tone="info">
        Numbers renew monthly. You will receive an e-mail notice 7 days before each renewal.
      </Alert>
      <section
        aria-label="My numbers"
        aria-busy={numbers.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {numbers.isPending ? (
          <TableSkeleton label="Loading numbers..." columns={7} />
        ) : numbers.isError ? (
          <LoadError
            message={messageOf(numbers.error, 'Could not load your numbers.')}
            onRetry={() => void numbers.refetch()}
            retrying={numbers.isFetching}
          />
        ) : numbers.data.length === 0 ? (
          <div role="status" className="flex flex-col items-center gap-3 p-10 text-center">
            <p className="text-slate-600">You have no phone numbers yet.</p>
            <ButtonLink to={paths.client.buyNumber} variant="secondary">
              Buy your first number
            </ButtonLink>
          </div>
        ) : (
          <MyNumbersTable items={numbers.data} onAction={onAction} />
        )}
      </section>
      {open?.action === 'cancel' && <CancelNumberDialog item={open.item} onClose={close} />}
      {open?.action === 'renew' && <RenewNumberDialog item={open.item} onClose={close} />}
    </div>
  );
}
