import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
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
      <TextField
        id="settings-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.text('currentPassword')}
      />
      <TextField
        id="settings-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...form.text('newPassword')}
      />
      <TextField
        id="settings-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.text('confirmPassword')}
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
