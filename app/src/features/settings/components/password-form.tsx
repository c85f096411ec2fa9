import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { NewPasswordFields, PasswordField } from '../../../components/ui/forms/account-fields';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validatePasswordChange } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { changePassword, type PasswordChange } from '../api/change-password';
import { SettingsActions } from './settings-actions';

const empty: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const form = useCoreForm<PasswordChange>({
    initial: empty,
    validate: (values) => validatePasswordChange(values),
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset(empty);
      toast.success('Password changed');
    },
    onError: (error) => {
      form.setServerErrors(fieldErrorsOf(error));
      toast.error(messageOf(error, 'Could not change your password'));
    },
  });

  return (
    <form
      noValidate
      aria-label="Change password"
      className="space-y-5"
      onSubmit={form.submit((values) => mutation.mutate(values))}
    >
      <PasswordField
        id="settings-current-password"
        label="Current password"
        purpose="current"
        {...form.text('currentPassword')}
      />
      <NewPasswordFields
        ids={{ password: 'settings-new-password', confirm: 'settings-confirm-password' }}
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        password={form.text('newPassword')}
        confirm={form.text('confirmPassword')}
      />
      <SettingsActions onCancel={() => form.reset(empty)} pending={mutation.isPending}>
        Change password
      </SettingsActions>
    </form>
  );
}
