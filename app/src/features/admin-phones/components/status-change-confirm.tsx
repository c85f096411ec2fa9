import type { ActionConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { activatePhone } from '../api/activate-phone';
import { deactivatePhone } from '../api/deactivate-phone';
import { phonesKey, type AdminPhone } from '../api/get-phones';

/** Taking a number out of service, or back into it. */
export function statusChangeConfirm(
  phone: AdminPhone,
  action: 'activate' | 'deactivate',
): ActionConfirm<unknown> {
  const deactivating = action === 'deactivate';
  return {
    title: deactivating ? 'Deactivate' : 'Activate',
    danger: deactivating,
    action: () => (deactivating ? deactivatePhone(phone.id) : activatePhone(phone.id)),
    success: `${phone.number} ${deactivating ? 'deactivated' : 'activated'}`,
    refresh: phonesKey,
    failure: 'Could not change the number.',
    question: `${deactivating ? 'Deactivate' : 'Activate'} ${phone.number}?`,
    children: deactivating
      ? 'The number stops taking calls and messages until it is activated again.'
      : 'The number takes calls and messages again.',
  };
}
