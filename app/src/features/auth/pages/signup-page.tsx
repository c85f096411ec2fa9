import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';

export function SignupPage() {
  usePageMeta('Sign Up', 'Create a Dialtone account: a 7-day free trial, no credit card required.');
  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      <SignupForm />
    </AuthCard>
  );
}
