import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { formatDate } from '../../../lib/format-date';
import { cancelNumber } from '../api/cancel-number';
import { myNumbersKey, type MyNumber } from '../api/get-my-numbers';

interface CancelNumberDialogProps {
  item: MyNumber;
  onClose: () => void;
}

export function CancelNumberDialog({ item, onClose }: CancelNumberDialogProps) {
  return (
    <ActionConfirmDialog
      title="Cancel Number"
      confirmLabel="Cancel Number"
      danger
      action={() => cancelNumber(item.id)}
      success={`Renewal of ${item.number} cancelled`}
      refresh={myNumbersKey}
      failure="Could not cancel the number."
      onClose={onClose}
      question={`Cancel ${item.number}?`}
    >
      The number stays yours until its expiry date
      {item.expiryDate ? `, ${formatDate(item.expiryDate)},` : ''} and will not renew. No further
      monthly fees are charged for it.
    </ActionConfirmDialog>
  );
}
