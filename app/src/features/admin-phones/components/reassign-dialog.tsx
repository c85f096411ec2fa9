import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmFirstDialog } from '../../../components/ui/dialogs/confirm-first-dialog';
import { RadioGroup } from '../../../components/ui/forms/radio-group';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, isApiError, messageOf } from '../../../lib/api-client';
import { useDialogMutation } from '../../../lib/use-dialog-mutation';
import { phonesKey, type AdminPhone } from '../api/get-phones';
import { reassignPhone } from '../api/reassign-phone';

interface ReassignDialogProps {
  phone: AdminPhone;
  onClose: () => void;
}

type Target = 'customer' | 'inventory';

const targets: [Target, string][] = [
  ['customer', 'Assign to a customer'],
  ['inventory', 'Return to inventory'],
];

/** Give the number to a customer by e-mail, or take it back into the inventory. */
export function ReassignDialog({ phone, onClose }: ReassignDialogProps) {
  const [target, setTarget] = useState<Target>('customer');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const owner = target === 'customer' ? email.trim() : null;

  const reassign = useDialogMutation({
    mutationFn: () => reassignPhone(phone.id, owner),
    onSaved: () =>
      toast.success(
        owner ? `${phone.number} assigned to ${owner}` : `${phone.number} returned to inventory`,
      ),
    onClose,
    refresh: phonesKey,
    onError: (error) => {
      const field = fieldErrorsOf(error).email;
      // An unknown e-mail (404) belongs under the field the admin has to fix.
      if (field || (isApiError(error) && error.status === 404)) {
        setEmailError(field ?? messageOf(error, 'No user with this e-mail'));
        setConfirming(false);
      }
    },
  });

  function choose(next: Target) {
    setTarget(next);
    setEmailError(undefined);
  }

  return (
    <ConfirmFirstDialog
      onClose={onClose}
      pending={reassign.isPending}
      title="Reassign Number"
      description={`${phone.number}, now ${phone.assignedTo ? `assigned to ${phone.assignedTo}` : 'unassigned'}`}
      confirming={confirming}
      onContinue={() => {
        reassign.reset();
        setConfirming(true);
      }}
      fields={
        <>
          <RadioGroup
            legend="New holder"
            name="reassign-target"
            options={targets}
            value={target}
            onChange={choose}
          />
          {target === 'customer' && (
            <TextField
              id="reassign-email"
              label="Customer e-mail"
              type="email"
              autoComplete="off"
              value={email}
              error={emailError}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(undefined);
              }}
            />
          )}
        </>
      }
      continueDisabled={target === 'customer' && email.trim() === ''}
      failure={
        reassign.isError &&
        !emailError &&
        messageOf(reassign.error, 'Could not reassign the number.')
      }
      onBack={() => setConfirming(false)}
      onConfirm={() => reassign.mutate()}
      confirmLabel={owner ? 'Reassign Number' : 'Return to inventory'}
    >
      <p className="font-medium text-slate-900">
        {owner ? `Reassign ${phone.number} to ${owner}?` : `Return ${phone.number} to inventory?`}
      </p>
      <p className="text-sm text-slate-600">
        {phone.assignedTo
          ? `${phone.assignedTo} will no longer have this number.`
          : 'The number is unassigned now.'}
      </p>
    </ConfirmFirstDialog>
  );
}
