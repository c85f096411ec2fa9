import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { usersKey, type AdminUserItem } from '../api/get-users';
import { reactivateUser } from '../api/reactivate-user';
import { suspendUser } from '../api/suspend-user';

interface StatusDialogProps {
  user: AdminUserItem;
  action: 'suspend' | 'reactivate';
  onClose: () => void;
}

/** Suspend or reactivate an account, always after a confirmation. */
export function StatusDialog({ user, action, onClose }: StatusDialogProps) {
  const queryClient = useQueryClient();
  const suspending = action === 'suspend';
  const change = useMutation({
    mutationFn: () => (suspending ? suspendUser(user.id) : reactivateUser(user.id)),
    onSuccess: async () => {
      toast.success(`${user.name} ${suspending ? 'suspended' : 'reactivated'}`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
  const title = suspending ? 'Suspend User' : 'Reactivate User';
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={title}
      danger={suspending}
      pending={change.isPending}
      error={change.isError ? messageOf(change.error, 'Could not change the account.') : null}
      onConfirm={() => change.mutate()}
      onClose={onClose}
    >
      <p data-testid="status-question">
        {suspending
          ? `Suspend ${user.name}? They will be signed out at once and cannot sign in until reactivated.`
          : `Reactivate ${user.name}? They can sign in again at once.`}
      </p>
    </ConfirmDialog>
  );
}
