import { useState } from 'react';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, type FieldMessages, isApiError, messageOf } from '../../../lib/api-client';
import { useAuth, type SecondStep } from '../../../lib/auth-context';
import { twoFactorCode } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';

function validate({ code }: { code: string }): FieldMessages {
  const checked = twoFactorCode(code);
  return 'error' in checked ? { code: checked.error } : {};
}

interface SecondStepFormProps {
  step: SecondStep;
  /** Back to the password: the challenge expired, or another account. */
  onRestart: (message?: string) => void;
}

/** Sign-in's second step: a code from the authenticator app, or a recovery code. */
export function SecondStepForm({ step, onRestart }: SecondStepFormProps) {
  const { completeLogin } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useCoreForm({ initial: { code: '' }, validate, revealOnBlur: false });

  const onSubmit = form.submit(async ({ code }) => {
    setBanner(null);
    setSubmitting(true);
    try {
      await completeLogin(step, code.trim());
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        onRestart(error.message);
      } else if (isApiError(error) && error.status === 400 && error.errors) {
        form.setServerErrors(fieldErrorsOf(error));
      } else {
        setBanner(messageOf(error, 'Could not sign in. Please try again.'));
      }
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Two-factor sign-in">
      {banner && <Alert>{banner}</Alert>}
      <p className="text-sm text-slate-600">
        Your account signs in with two factors. Enter the 6-digit code your authenticator app shows,
        or one of your recovery codes.
      </p>
      <TextField
        id="login-code"
        label="Authentication code"
        inputMode="text"
        autoComplete="one-time-code"
        autoFocus
        {...form.text('code')}
      />
      <Button type="submit" className="w-full" loading={submitting} disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <button
        type="button"
        className="w-full text-sm font-medium text-brand-600 hover:text-brand-700"
        onClick={() => onRestart()}
      >
        Use another account
      </button>
    </form>
  );
}
