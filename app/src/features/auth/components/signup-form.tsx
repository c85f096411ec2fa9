import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { EmailField, NewPasswordFields } from '../../../components/ui/forms/account-fields';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { CheckboxField } from '../../../components/ui/forms/checkbox-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { validateSignupForm } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';

const linkClass = 'font-medium text-brand-600 hover:text-brand-700';

export function SignupForm() {
  const { signup } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useCoreForm({
    initial: { name: '', email: '', password: '', confirmPassword: '', terms: false },
    validate: (values) => validateSignupForm(values),
  });

  const onSubmit = form.submit(async ({ name, email, password }) => {
    setFailed(false);
    setSubmitting(true);
    try {
      await signup(name.trim(), email.trim(), password);
    } catch (error) {
      setFailed(true);
      form.setServerErrors(fieldErrorsOf(error));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Create account">
      {failed && <Alert>Failed to create account. Please try again.</Alert>}
      <TextField id="signup-name" label="Full name" autoComplete="name" {...form.text('name')} />
      <EmailField id="signup-email" {...form.text('email')} />
      <NewPasswordFields
        ids={{ password: 'signup-password', confirm: 'signup-confirm-password' }}
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        password={form.text('password')}
        confirm={form.text('confirmPassword')}
      />
      <CheckboxField
        id="signup-terms"
        label={
          <>
            I agree to the{' '}
            <Link to={paths.terms} className={linkClass}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.privacy} className={linkClass}>
              Privacy Policy
            </Link>
          </>
        }
        {...form.checkbox('terms')}
      />
      <Button type="submit" className="w-full" loading={submitting} disabled={submitting}>
        {submitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
