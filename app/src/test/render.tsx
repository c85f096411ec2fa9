import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ToastHost } from '../components/ui/feedback/toast-host';
import { AuthContext, type AuthContextValue, type User } from '../lib/auth-context';
import { mockApi, type Routes as ApiRoutes } from './mock-api';

export const clientUser: User = {
  id: 2,
  name: 'Casey Client',
  email: 'client@dialtone.test',
  balance: 125.5,
  role: 'client',
};

export const adminUser: User = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@dialtone.test',
  balance: 0,
  role: 'admin',
};

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: null,
    loading: false,
    login: vi.fn(),
    completeLogin: vi.fn(),
    signup: vi.fn(),
    logout: vi.fn(async (callback?: () => void) => callback?.()),
    refreshUser: vi.fn(async () => null),
    setUser: vi.fn(),
    ...overrides,
  };
}

/** The auth context of a signed-in administrator. */
export const adminAuth = () => fakeAuth({ user: adminUser });

/** The auth context of a signed-in client. */
export const clientAuth = () => fakeAuth({ user: clientUser });

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

interface Options {
  route?: string;
  path?: string;
  auth?: AuthContextValue;
}

/** Renders `ui` at `route` with a fake auth context, a fresh query client and a location probe. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', auth }: Options = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const authValue = auth ?? fakeAuth();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={authValue}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, auth: authValue, queryClient };
}

/** Like renderWithProviders, with the app's ToastHost beside `ui` so that its toasts show. */
export function renderWithToasts(ui: ReactElement, options: Options = {}) {
  return renderWithProviders(
    <>
      {ui}
      <ToastHost />
    </>,
    options,
  );
}

/**
 * A page under test and the answers its server gives unless a test adds or overrides
 * some: `show(extra)` stubs fetch with both and renders the page (with its toasts when
 * `toasts` is set), and gives the stub and the render.
 */
export function pageTest(
  ui: ReactElement,
  { toasts = false, ...options }: Options & { toasts?: boolean },
  routes: ApiRoutes,
) {
  return (extra: ApiRoutes = {}) => {
    const fetch = mockApi({ ...routes, ...extra });
    return { fetch, ...(toasts ? renderWithToasts : renderWithProviders)(ui, options) };
  };
}
