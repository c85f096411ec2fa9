import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/feedback/alert';
import { usePageMeta } from '../../../lib/use-page-meta';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  usePageMeta('Reset Password', 'Choose a new password for your Dialtone account.');
  return (
    <AuthCard
      title="Choose a new password"
      aside={
        <p className="text-center text-sm text-slate-600">
          <Link to={paths.login} className="font-medium text-brand-600 hover:text-brand-700">
            Back to sign in
          </Link>
        </p>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="space-y-4">
          <Alert>This password reset link is invalid or incomplete.</Alert>
          <Link
            to={paths.forgotPassword}
            className="block text-center text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Request a new reset link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
