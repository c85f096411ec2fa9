import { CodeVerifyForm } from '../../../components/ui/forms/code-verify-form';
import { useAuth } from '../../../lib/auth-context';
import { requestCode, useConfirmCode } from '../api/verify-number';

/** The trial's numbers: verified by a code texted to them (the first unlocks the credit). */
export function VerifyNumberForm() {
  const { refreshUser } = useAuth();
  const confirm = useConfirmCode();
  return (
    <CodeVerifyForm
      name="Verify a phone number"
      idPrefix="verify"
      send={requestCode}
      verify={confirm.mutateAsync}
      // The first verified number grants the trial credit: the header shows it.
      onVerified={() => void refreshUser()}
    />
  );
}
