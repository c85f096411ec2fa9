import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { NewPasswordFields } from '../../../components/ui/forms/account-fields';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
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
      <NewPasswordFields
        ids={{ password: 'reset-password', confirm: 'reset-confirm-password' }}
        labels={{ password: 'New password', confirm: 'Confirm Password' }}
        password={form.text('newPassword')}
        confirm={form.text('confirmPassword')}
      />
      <Button type="submit" className="w-full" loading={mutation.isPending}>
        Reset password
      </Button>
    </form>
  );
}
