import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { cancelNumber } from '../api/cancel-number';
import { myNumbersKey, type MyNumber } from '../api/get-my-numbers';

interface CancelNumberDialogProps {
  item: MyNumber;
  onClose: () => void;
}

export function CancelNumberDialog({ item, onClose }: CancelNumberDialogProps) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelNumber(item.id),
    onSuccess: async () => {
      toast.success(`Renewal of ${item.number} cancelled`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: myNumbersKey });
    },
  });
  return (
    <ConfirmDialog
      title="Cancel Number"
      confirmLabel="Cancel Number"
      danger
      pending={cancel.isPending}
      error={cancel.isError ? messageOf(cancel.error, 'Could not cancel the number.') : null}
      onConfirm={() => cancel.mutate()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">Cancel {item.number}?</p>
      <p className="mt-2">
        The number stays yours until its expiry date
        {item.expiryDate ? `, ${formatDate(item.expiryDate)},` : ''} and will not renew. No further
        monthly fees are charged for it.
      </p>
    </ConfirmDialog>
  );
}
