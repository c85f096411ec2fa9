import { useMutation } from '@tanstack/react-query';
import { EmailField } from '../../../components/ui/forms/account-fields';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { isApiError } from '../../../lib/api-client';
import { validateLogin } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { requestPasswordReset } from '../api/forgot-password';

export const RESET_LINK_SENT =
  'If an account exists for that email, we have sent a link to reset your password.';

// The same answer whether or not the address has an account; only throttling and
// outages are worth telling apart.
function problemOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 429) return error.message;
  if (error.status === 0 || error.status >= 500) return 'Something went wrong. Please try again.';
  return null;
}

function validateEmail({ email }: { email: string }): Record<string, string> {
  const message = validateLogin({ email, password: '' }).email;
  return message ? { email: message } : {};
}

export function ForgotPasswordForm() {
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const form = useCoreForm({ initial: { email: '' }, validate: validateEmail });
  const problem = mutation.isError ? problemOf(mutation.error) : null;
  const sent = (mutation.isSuccess || mutation.isError) && problem === null;

  if (sent) {
    return <Alert tone="success">{RESET_LINK_SENT}</Alert>;
  }

  return (
    <form
      noValidate
      className="space-y-5"
      aria-label="Reset password"
      onSubmit={form.submit(({ email }) => mutation.mutate(email.trim()))}
    >
      {problem && <Alert>{problem}</Alert>}
      <EmailField id="forgot-email" {...form.text('email')} />
      <Button type="submit" className="w-full" loading={mutation.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
