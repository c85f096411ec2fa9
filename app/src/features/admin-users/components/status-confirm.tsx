import type { ActionConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { usersKey, type AdminUserItem } from '../api/get-users';
import { reactivateUser } from '../api/reactivate-user';
import { suspendUser } from '../api/suspend-user';

/** Suspend or reactivate an account, always after a confirmation. */
export function statusConfirm(
  user: AdminUserItem,
  action: 'suspend' | 'reactivate',
): ActionConfirm<unknown> {
  const suspending = action === 'suspend';
  return {
    title: suspending ? 'Suspend User' : 'Reactivate User',
    danger: suspending,
    action: () => (suspending ? suspendUser(user.id) : reactivateUser(user.id)),
    success: `${user.name} ${suspending ? 'suspended' : 'reactivated'}`,
    refresh: usersKey,
    failure: 'Could not change the account.',
    children: (
      <p data-testid="status-question">
        {suspending
          ? `Suspend ${user.name}? They will be signed out at once and cannot sign in until reactivated.`
          : `Reactivate ${user.name}? They can sign in again at once.`}
      </p>
    ),
  };
}
