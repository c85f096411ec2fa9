import { Outlet } from 'react-router-dom';
import { ScrollToTop } from '../components/layouts/scroll-to-top';
import { ToastHost } from '../components/ui/feedback/toast-host';
import { AuthProvider } from '../lib/auth-provider';

export function AppRoot() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <Outlet />
      <ToastHost />
    </AuthProvider>
  );
}
