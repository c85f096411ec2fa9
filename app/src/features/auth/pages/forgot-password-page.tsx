import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  usePageMeta('Forgot Password', 'Request a link to reset the password of your Dialtone account.');
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a reset link."
      aside={
        <p className="text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to={paths.login} className="font-medium text-brand-600 hover:text-brand-700">
            Back to sign in
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
