import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { activatePhone } from '../api/activate-phone';
import { deactivatePhone } from '../api/deactivate-phone';
import { phonesKey, type AdminPhone } from '../api/get-phones';

interface StatusChangeDialogProps {
  phone: AdminPhone;
  action: 'activate' | 'deactivate';
  onClose: () => void;
}

export function StatusChangeDialog({ phone, action, onClose }: StatusChangeDialogProps) {
  const deactivating = action === 'deactivate';
  return (
    <ActionConfirmDialog
      title={deactivating ? 'Deactivate' : 'Activate'}
      confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
      danger={deactivating}
      action={() => (deactivating ? deactivatePhone(phone.id) : activatePhone(phone.id))}
      success={`${phone.number} ${deactivating ? 'deactivated' : 'activated'}`}
      refresh={phonesKey}
      failure="Could not change the number."
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
    </ActionConfirmDialog>
  );
}
