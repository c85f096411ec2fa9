import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/feedback/alert';
import { AppPage } from '../../../components/ui/layout/app-page';
import { EmptyStart } from '../../../components/ui/feedback/empty-start';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useMyNumbers, type MyNumber } from '../api/get-my-numbers';
import { cancelNumberConfirm } from '../components/cancel-number-confirm';
import { MyNumbersTable, type NumberAction } from '../components/my-numbers-table';
import { renewNumberConfirm } from '../components/renew-number-confirm';
import { NumberHooksDialog } from '../components/number-hooks-dialog';
import { RouteNumberDialog } from '../components/route-number-dialog';

async function copyNumber(number: string) {
  try {
    await navigator.clipboard.writeText(number);
    toast.success('Number copied');
  } catch {
    toast.error('Could not copy the number');
  }
}

export function MyNumbersPage() {
  const numbers = useMyNumbers();
  const [open, setOpen] = useState<{
    action: Exclude<NumberAction, 'copy'>;
    item: MyNumber;
  } | null>(null);
  const close = () => setOpen(null);

  function onAction(action: NumberAction, item: MyNumber) {
    if (action === 'copy') void copyNumber(item.number);
    else setOpen({ action, item });
  }

  return (
    <AppPage
      title="My Numbers"
      meta="Your virtual phone numbers with their renewal dates and fees."
      description="Your virtual phone numbers and their renewals."
      actions={<ButtonLink to={paths.client.buyNumber}>Buy Number</ButtonLink>}
    >
      <Alert tone="info">
        Numbers renew monthly. You will receive an e-mail notice 7 days before each renewal.
      </Alert>
      <QueryList
        label="My numbers"
        query={numbers}
        loading={<TableSkeleton label="Loading numbers..." columns={7} />}
        error="Could not load your numbers."
        empty={
          <EmptyStart to={paths.client.buyNumber} action="Buy your first number">
            You have no phone numbers yet.
          </EmptyStart>
        }
      >
        {(data) => <MyNumbersTable items={data} onAction={onAction} />}
      </QueryList>
      {open?.action === 'cancel' && (
        <ActionConfirmDialog {...cancelNumberConfirm(open.item)} onClose={close} />
      )}
      {open?.action === 'renew' && (
        <ActionConfirmDialog {...renewNumberConfirm(open.item)} onClose={close} />
      )}
      {open?.action === 'route' && <RouteNumberDialog item={open.item} onClose={close} />}
      {open?.action === 'hooks' && <NumberHooksDialog item={open.item} onClose={close} />}
    </AppPage>
  );
}
