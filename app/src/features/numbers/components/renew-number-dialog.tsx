import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { useAuth } from '../../../lib/auth-context';
import { usd } from '../../../lib/core';
import { myNumbersKey, type MyNumber } from '../api/get-my-numbers';
import { renewNumber } from '../api/renew-number';

interface RenewNumberDialogProps {
  item: MyNumber;
  onClose: () => void;
}

export function RenewNumberDialog({ item, onClose }: RenewNumberDialogProps) {
  const { refreshUser } = useAuth();
  return (
    <ActionConfirmDialog
      title="Renew Number"
      confirmLabel="Renew"
      action={() => renewNumber(item.id)}
      success={(result) => `Number ${result.number.number} renewed`}
      refresh={myNumbersKey}
      charge={{ refreshUser }}
      failure="Could not renew the number."
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Renew {item.number} for {usd(item.monthlyFee)}?
      </p>
      <p className="mt-2">The fee is taken from your balance and the number renews for a month.</p>
    </ActionConfirmDialog>
  );
}
