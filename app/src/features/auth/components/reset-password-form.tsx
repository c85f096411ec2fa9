import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validatePasswordChange } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { resetPassword } from '../api/reset-password';

type Values = { newPassword: string; confirmPassword: string };

// The password-change rule without its "current password" part, which a reset has not.
function validate({ newPassword, confirmPassword }: Values): Record<string, string> {
  const errors = validatePasswordChange({ currentPassword: 'x', newPassword, confirmPassword });
  delete errors.currentPassword;
  return errors;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useCoreForm<Values>({
    initial: { newPassword: '', confirmPassword: '' },
    validate,
  });
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onSuccess: () => {
      toast.success('Your password has been reset. Please sign in.');
      navigate(paths.login);
    },
    onError: (error) => {
      const { password, ...rest } = fieldErrorsOf(error);
      form.setServerErrors(password ? { ...rest, newPassword: password } : rest);
    },
  });

  return (
    <form
      noValidate
      className="space-y-5"
      aria-label="Choose a new password"
      onSubmit={form.submit(({ newPassword }) => mutation.mutate(newPassword))}
    >
      {mutation.isError && (
        <Alert>
          {messageOf(mutation.error, 'Could not reset your password. Please try again.')}
        </Alert>
      )}
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...form.text('newPassword')}
      />
      <TextField
        id="reset-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...form.text('confirmPassword')}
      />
      <Button type="submit" className="w-full" loading={mutation.isPending}>
        Reset password
      </Button>
    </form>
  );
}
