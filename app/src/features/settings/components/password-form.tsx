import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { NewPasswordFields, PasswordField } from '../../../components/ui/account-fields';
import { Button } from '../../../components/ui/button';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validatePasswordChange } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { changePassword, type PasswordChange } from '../api/change-password';

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
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => form.reset(empty)} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
