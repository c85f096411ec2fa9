import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/dialogs/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { useDialogMutation } from '../../../lib/use-dialog-mutation';
import type { Role } from '../../../lib/auth-context';
import { changeUserRole } from '../api/change-user-role';
import { usersKey, type AdminUserItem } from '../api/get-users';
import { roleLabel, roleLabels } from './user-labels';

interface ChangeRoleDialogProps {
  user: AdminUserItem;
  onClose: () => void;
}

export function ChangeRoleDialog({ user, onClose }: ChangeRoleDialogProps) {
  const next: Role = user.role === 'admin' ? 'client' : 'admin';
  const change = useDialogMutation({
    mutationFn: () => changeUserRole(user.id, next),
    onSaved: () =>
      toast.success(`${user.name} is now ${next === 'admin' ? 'an Admin' : 'a Client'}`),
    onClose,
    refresh: usersKey,
    onError: (error) => {
      // "At least one administrator must remain" and the like: the server has the last word.
      toast.error(messageOf(error, 'Could not change the role. Please try again.'));
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title="Change Role"
      confirmLabel={`Make ${roleLabels[next]}`}
      pending={change.isPending}
      onConfirm={() => change.mutate()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Change {user.name}&apos;s role from {roleLabel(user.role)} to {roleLabels[next]}?
      </p>
      <p className="mt-2">
        {next === 'admin'
          ? 'Administrators can manage every account, balance, number, price and setting.'
          : 'They lose access to the admin area.'}{' '}
        They will have to sign in again.
      </p>
    </ConfirmDialog>
  );
}
