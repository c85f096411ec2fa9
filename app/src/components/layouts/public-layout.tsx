import { Outlet, useLocation } from 'react-router-dom';
import { isAreaPath, paths } from '../../app/paths';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function PublicLayout() {
  const { pathname } = useLocation();
  const chrome = !isAreaPath(pathname);
  // The home hero runs under the transparent bar; every other page starts below it.
  const offset = chrome && pathname !== paths.home ? 'pt-16' : '';
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {chrome && <Navbar />}
      <main id="main" className={`flex-1 ${offset}`}>
        <Outlet />
      </main>
      {chrome && <Footer />}
    </div>
  );
}
