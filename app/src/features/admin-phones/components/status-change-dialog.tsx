import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { activatePhone } from '../api/activate-phone';
import { deactivatePhone } from '../api/deactivate-phone';
import { phonesKey, type AdminPhone } from '../api/get-phones';

interface StatusChangeDialogProps {
  phone: AdminPhone;
  action: 'activate' | 'deactivate';
  onClose: () => void;
}

export function StatusChangeDialog({ phone, action, onClose }: StatusChangeDialogProps) {
  const queryClient = useQueryClient();
  const deactivating = action === 'deactivate';
  const change = useMutation({
    mutationFn: () => (deactivating ? deactivatePhone(phone.id) : activatePhone(phone.id)),
    onSuccess: async () => {
      toast.success(`${phone.number} ${deactivating ? 'deactivated' : 'activated'}`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: phonesKey });
    },
  });
  return (
    <ConfirmDialog
      title={deactivating ? 'Deactivate' : 'Activate'}
      confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
      danger={deactivating}
      pending={change.isPending}
      error={change.isError ? messageOf(change.error, 'Could not change the number.') : null}
      onConfirm={() => change.mutate()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        {deactivating ? 'Deactivate' : 'Activate'} {phone.number}?
      </p>
      <p className="mt-2">
        {deactivating
          ? 'The number stops taking calls and messages until it is activated again.'
          : 'The number takes calls and messages again.'}
      </p>
    </ConfirmDialog>
  );
}
