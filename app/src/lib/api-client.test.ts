import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setAuthFailureHandler } from './api-client';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-cookie';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function mockFetch(handler: Handler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

function bearer(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization;
}

describe('api client', () => {
  const onAuthFailure = vi.fn();

  beforeEach(() => {
    setAuthFailureHandler(onAuthFailure);
    setAuthToken('old-token', false);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    onAuthFailure.mockReset();
    clearAuthToken();
  });

  it('sends credentials and the bearer token from the cookie', async () => {
    const fetch = mockFetch(() => json(200, { user: { id: 1 } }));
    await expect(api.get('/user/info')).resolves.toEqual({ user: { id: 1 } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/user/info');
    expect(init?.credentials).toBe('include');
    expect(bearer(init!)).toBe('Bearer old-token');
  });

  it('sends a file body as it is, again after a refresh', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/auth/refresh-token') return json(200, { accessToken: 'new-token' });
      return bearer(init) === 'Bearer new-token' ? json(201, { ok: true }) : json(401, {});
    });
    const file = new File(['prefix\n'], 'deck.csv', { type: 'text/csv' });
    await expect(
      api.post('/upload', file, { headers: { 'Content-Type': 'text/csv' } }),
    ).resolves.toEqual({ ok: true });
    const sent = fetch.mock.calls.filter(([url]) => url === '/api/upload');
    expect(sent).toHaveLength(2);
    for (const [, init] of sent) {
      expect(init?.body).toBe(file);
      expect((init?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
    }
  });

  it('shares one refresh between three concurrent 401s and retries each once', async () => {
    const fetch = mockFetch(async (url, init) => {
      if (url === '/api/auth/refresh-token') {
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { accessToken: 'new-token' });
      }
      return bearer(init) === 'Bearer new-token' ? json(200, { url }) : json(401, {});
    });

    const results = await Promise.all([api.get('/a'), api.get('/b'), api.post('/c', { x: 1 })]);

    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    const urls = fetch.mock.calls.map(([u]) => String(u));
    expect(urls.filter((u) => u === '/api/auth/refresh-token')).toHaveLength(1);
    const retries = fetch.mock.calls.filter(([, i]) => bearer(i!) === 'Bearer new-token');
    expect(retries).toHaveLength(3);
    expect(fetch).toHaveBeenCalledTimes(7);
    expect(getAuthToken()).toBe('new-token');
  });

  it('uses the token another tab refreshed while this one waited for the lock', async () => {
    let otherTabDone!: () => void;
    const otherTab = new Promise<void>((resolve) => (otherTabDone = resolve));
    const request = vi.fn(async (_name: string, callback: () => Promise<string> | string) => {
      // The lock is held by another tab, which refreshes and stores its token.
      await otherTab;
      return callback();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    const fetch = mockFetch((url, init) =>
      bearer(init) === 'Bearer other-tab-token' ? json(200, { url }) : json(401, {}),
    );
    try {
      const pending = api.get('/a');
      await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
      setAuthToken('other-tab-token');
      otherTabDone();
      await expect(pending).resolves.toEqual({ url: '/api/a' });
      const urls = fetch.mock.calls.map(([u]) => String(u));
      expect(urls).not.toContain('/api/auth/refresh-token');
      expect(request).toHaveBeenCalledWith('dialtone-refresh-token', expect.any(Function));
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('refreshes inside the lock when no other tab has', async () => {
    const request = vi.fn((_name: string, callback: () => Promise<string> | string) => callback());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    const fetch = mockFetch((url, init) => {
      if (url === '/api/auth/refresh-token') return json(200, { accessToken: 'new-token' });
      return bearer(init) === 'Bearer new-token' ? json(200, { url }) : json(401, {});
    });
    try {
      await expect(api.get('/a')).resolves.toEqual({ url: '/api/a' });
      expect(request).toHaveBeenCalledTimes(1);
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/auth/refresh-token');
      expect(getAuthToken()).toBe('new-token');
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('clears the cookie, redirects and rejects when the refresh fails', async () => {
    mockFetch((url) =>
      url === '/api/auth/refresh-token' ? json(401, { message: 'No session' }) : json(401, {}),
    );
    await expect(api.get('/user/info')).rejects.toMatchObject({ status: 401 });
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(getAuthToken()).toBeNull();
  });

  it('does not redirect when asked not to', async () => {
    mockFetch(() => json(401, {}));
    await expect(api.get('/user/info', { redirectOnAuthFailure: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('never refreshes for a failed login', async () => {
    const fetch = mockFetch(() => json(401, { message: 'Invalid credentials' }));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({
      status: 401,
      message: 'Invalid credentials',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('parses field errors and logs 500s as server errors', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((url) =>
      url.endsWith('/bad')
        ? json(400, { message: 'Invalid input', errors: { email: 'Invalid email address' } })
        : json(500, { message: 'Internal server error' }),
    );
    await expect(api.post('/bad', {})).rejects.toMatchObject({
      status: 400,
      errors: { email: 'Invalid email address' },
    });
    await expect(api.get('/boom')).rejects.toMatchObject({ status: 500 });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Server error'), expect.anything());
    error.mockRestore();
  });
});
