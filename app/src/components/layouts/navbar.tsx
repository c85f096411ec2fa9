import { Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useAuth } from '../../lib/auth-context';
import { buttonClass } from '../ui/basics/button-styles';
import { ButtonLink } from '../ui/basics/button-link';
import { Logo } from '../ui/basics/logo';
import { publicNavLinks } from './public-nav-links';
import { useEscapeCloses } from './use-escape-closes';
import { useScrolledPast } from './use-scrolled-past';

export const NAVBAR_SCROLL_THRESHOLD = 20;

export function Navbar() {
  const { pathname } = useLocation();
  const { user, logout } = useAuth();
  const scrolled = useScrolledPast(NAVBAR_SCROLL_THRESHOLD);
  // The menu belongs to the page it was opened on, so any route change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and leaves focus on its toggle.
  useEscapeCloses(menuOpen, () => setOpenOn(null), toggleRef);
  const transparent = pathname === paths.home && !scrolled;
  const light = transparent && !menuOpen;
  const dashboard = user?.role === 'admin' ? paths.admin.root : paths.client.root;

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
      light
        ? isActive
          ? 'text-white'
          : 'text-white/80 hover:text-white'
        : isActive
          ? 'text-brand-700'
          : 'text-slate-600 hover:text-slate-900'
    }`;

  const handleLogout = () => logout(() => setOpenOn(null));

  return (
    <header
      data-testid="navbar"
      data-transparent={transparent ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-200 ${
        light ? 'bg-transparent' : 'border-b border-slate-200 bg-white shadow-sm'
      }`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8"
      >
        <Logo light={light} />
        <div className="hidden items-center gap-1 md:flex">
          {publicNavLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">
          {user ? (
            <>
              <ButtonLink to={dashboard} variant={light ? 'inverse' : 'primary'}>
                Dashboard
              </ButtonLink>
              <button
                type="button"
                onClick={handleLogout}
                className={buttonClass(light ? 'outline-inverse' : 'secondary')}
              >
                Logout
              </button>
            </>
          ) : (
            <>
              <ButtonLink to={paths.login} variant={light ? 'outline-inverse' : 'ghost'}>
                Login
              </ButtonLink>
              <ButtonLink to={paths.signup} variant={light ? 'inverse' : 'primary'}>
                Sign Up
              </ButtonLink>
            </>
          )}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className={`rounded-md p-2 md:hidden ${light ? 'text-white hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100'}`}
          aria-label="Toggle menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? (
            <X className="h-6 w-6" aria-hidden="true" />
          ) : (
            <Menu className="h-6 w-6" aria-hidden="true" />
          )}
        </button>
      </nav>
      {menuOpen && (
        <div
          id="mobile-menu"
          className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden"
        >
          <div className="flex flex-col">
            {publicNavLinks.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className={linkClass}
                onClick={() => setOpenOn(null)}
              >
                {link.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
            {user ? (
              <>
                <ButtonLink to={dashboard}>Dashboard</ButtonLink>
                <button type="button" onClick={handleLogout} className={buttonClass('secondary')}>
                  Logout
                </button>
              </>
            ) : (
              <>
                <ButtonLink to={paths.login} variant="secondary">
                  Login
                </ButtonLink>
                <ButtonLink to={paths.signup}>Sign Up</ButtonLink>
              </>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
