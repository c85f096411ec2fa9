import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../lib/auth-context';
import { hasAuthToken } from '../lib/auth-cookie';
import { paths } from './paths';

/** client/*: the authorization cookie is enough to enter (SPEC 6). */
export function RequireClient() {
  if (!hasAuthToken()) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** admin/*: only a loaded admin; anyone else is sent to /login without seeing anything. */
export function RequireAdmin() {
  const { user, loading, leaving } = useAuth();
  if (loading || leaving) return null;
  if (user?.role !== 'admin') return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
