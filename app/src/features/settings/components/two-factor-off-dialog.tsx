import { useMutation } from '@tanstack/react-query';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { AccountPasswordField } from '../../../components/ui/forms/account-fields';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, generalFailureOf, type FieldMessages } from '../../../lib/api-client';
import { twoFactorCode, validatePasswordChange } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { disableTwoFactor } from '../api/two-factor';

type OffValues = { password: string; code: string };

// Core's rules: the current password's, and a second-step code's.
function validate({ password, code }: OffValues): FieldMessages {
  const errors: FieldMessages = {};
  const missing = validatePasswordChange({ currentPassword: password }).currentPassword;
  if (missing) errors.password = missing;
  const checked = twoFactorCode(code);
  if ('error' in checked) errors.code = checked.error;
  return errors;
}

/** Turning two-factor sign-in off takes the password and a code. */
export function TwoFactorOffDialog({
  onDone,
  onClose,
}: {
  onDone: () => void;
  onClose: () => void;
}) {
  const form = useCoreForm<OffValues>({
    initial: { password: '', code: '' },
    validate,
    revealOnBlur: false,
  });
  const off = useMutation({
    mutationFn: ({ password, code }: OffValues) => disableTwoFactor(password, code.trim()),
    onSuccess: onDone,
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  return (
    <FormDialog
      title="Turn off two-factor sign-in"
      onClose={onClose}
      onSubmit={form.submit((values) => off.mutate(values))}
      pending={off.isPending}
      failure={generalFailureOf(off, 'Could not turn it off.')}
      submitLabel="Turn off"
    >
      <AccountPasswordField id="two-factor-off-password" {...form.text('password')} />
      <TextField
        id="two-factor-off-code"
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        {...form.text('code')}
      />
    </FormDialog>
  );
}
