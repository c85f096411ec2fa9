import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { EmailField, PasswordField } from '../../../components/ui/forms/account-fields';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { CheckboxField } from '../../../components/ui/forms/checkbox-field';
import { isApiError } from '../../../lib/api-client';
import { useAuth, type SecondStep } from '../../../lib/auth-context';
import { validateLogin } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { SecondStepForm } from './second-step-form';

const FAILED = 'Failed to login. Please check your credentials.';

function bannerFor(error: unknown): string {
  // Rate limiting and locked accounts explain themselves; anything else stays vague.
  return isApiError(error) && (error.status === 429 || error.status === 403)
    ? error.message
    : FAILED;
}

export function LoginForm() {
  const { login } = useAuth();
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const form = useCoreForm({
    initial: { email: '', password: '' },
    validate: ({ email, password }) => validateLogin({ email, password }),
  });

  const onSubmit = form.submit(async ({ email, password }) => {
    setBanner(null);
    setSubmitting(true);
    try {
      const outcome = await login(email.trim(), password, remember);
      if (outcome && 'challenge' in outcome) setSecondStep(outcome);
    } catch (error) {
      setBanner(bannerFor(error));
    } finally {
      setSubmitting(false);
    }
  });

  if (secondStep) {
    return (
      <SecondStepForm
        step={secondStep}
        onRestart={(message) => {
          setSecondStep(null);
          setBanner(message ?? null);
        }}
      />
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      {banner && <Alert>{banner}</Alert>}
      <EmailField id="login-email" {...form.text('email')} />
      <PasswordField
        id="login-password"
        label="Password"
        purpose="current"
        {...form.text('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField
          id="login-remember"
          label="Remember me"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <Link
          to={paths.forgotPassword}
          className="text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" loading={submitting} disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
