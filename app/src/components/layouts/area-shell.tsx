import { LogOut, Menu, type LucideIcon } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { Logo } from '../ui/basics/logo';
import { Spinner } from '../ui/feedback/spinner';
import { useEscapeCloses } from './use-escape-closes';

export interface AreaNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
}

export interface AreaNavGroup {
  title: string;
  items: AreaNavItem[];
}

interface AreaShellProps {
  label: string;
  groups: AreaNavGroup[];
  profile: ReactNode;
  topBar: ReactNode;
  /** Show Logout as the last entry of the last group rather than under the profile. */
  logoutInNav?: boolean;
  /** Shown instead of the area's pages while set (an administrator who must enrol). */
  gate?: ReactNode;
}

/** The sidebar shell shared by the client and admin areas; its Logout signs the user out. */
export function AreaShell({ label, groups, profile, topBar, logoutInNav, gate }: AreaShellProps) {
  const { key } = useLocation();
  const { logout } = useAuth();
  // The drawer closes on every navigation: when the rendered location changes (React's
  // way of adjusting state to a prop, during render). Navigations run as transitions,
  // so a drawer opened while a lazy page loads closes once that page shows, and going
  // back to the page it was opened on does not reopen it.
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(key);
  if (openedAt !== key) {
    setOpenedAt(key);
    setOpen(false);
  }
  const close = () => setOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // The open drawer takes focus; Escape closes it and gives focus back to its toggle.
  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [open]);
  useEscapeCloses(open, close, toggleRef);

  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
      isActive
        ? 'bg-brand-50 text-brand-700'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
    }`;

  const logoutButton = (
    <button
      type="button"
      onClick={() => logout()}
      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700"
    >
      <LogOut className="h-5 w-5" aria-hidden="true" />
      Logout
    </button>
  );

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {open && (
        <button
          type="button"
          aria-label="Close menu"
          tabIndex={-1}
          data-testid="sidebar-overlay"
          className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
          onClick={close}
        />
      )}
      {/* On a desktop the sidebar's column runs the page's full height and the sidebar
          sticks in it; on smaller screens the sidebar is a drawer fixed to the left. */}
      <div className="lg:w-64 lg:shrink-0 lg:border-r lg:border-slate-200 lg:bg-white">
        <aside
          id="area-sidebar"
          className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform lg:sticky lg:h-screen lg:translate-x-0 lg:border-r-0 ${
            open ? 'translate-x-0' : 'max-lg:invisible -translate-x-full'
          }`}
        >
          <div className="flex h-16 items-center border-b border-slate-200 px-4">
            <Logo />
          </div>
          <div className="border-b border-slate-200 px-4 py-3">{profile}</div>
          <nav ref={navRef} aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
            {groups.map((group, index) => (
              <div key={group.title} className="mb-5">
                <h2 className="px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                  {group.title}
                </h2>
                <ul className="mt-2 space-y-1">
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} end={item.end} className={itemClass} onClick={close}>
                        <item.icon className="h-5 w-5" aria-hidden="true" />
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                  {logoutInNav && index === groups.length - 1 && <li>{logoutButton}</li>}
                </ul>
              </div>
            ))}
          </nav>
          {!logoutInNav && <div className="border-t border-slate-200 p-3">{logoutButton}</div>}
        </aside>
      </div>
      <div className="flex min-h-screen flex-col lg:min-w-0 lg:flex-1">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <button
            ref={toggleRef}
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label="Toggle sidebar"
            aria-expanded={open}
            aria-controls="area-sidebar"
            onClick={() => setOpen(!open)}
          >
            <Menu className="h-6 w-6" aria-hidden="true" />
          </button>
          <div className="flex min-w-0 flex-1 items-center justify-between gap-3">{topBar}</div>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-slate-600">
                <Spinner /> Loading...
              </p>
            }
          >
            {gate ?? <Outlet />}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
