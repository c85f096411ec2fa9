import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { AuthCard } from '../components/auth-card';
import { DemoAccounts } from '../components/demo-accounts';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  usePageMeta('Login', 'Sign in to your Dialtone account to manage numbers, minutes and SMS.');
  return (
    <AuthCard
      title="Sign in to your account"
      subtitle={
        <>
          Or{' '}
          <Link to={paths.signup} className="font-medium text-brand-600 hover:text-brand-700">
            create a new account
          </Link>
        </>
      }
      aside={<DemoAccounts />}
    >
      <LoginForm />
    </AuthCard>
  );
}
