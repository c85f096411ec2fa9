import { vi } from 'vitest';

export type Reply = { status: number; body?: unknown };
export type Routes = Record<string, Reply | ((init: RequestInit) => Reply | Promise<Reply>)>;

/**
 * Stubs fetch with answers keyed by "METHOD /api/path"; anything else is a 404. A route may
 * answer with a promise, to hold a request in flight.
 */
export function mockApi(routes: Routes) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const route = routes[key];
    const reply = typeof route === 'function' ? await route(init) : (route ?? { status: 404 });
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A page's server: its usual `routes`, to which each test adds or overrides its own. */
export function mockServer(routes: Routes) {
  return (extra: Routes = {}) => mockApi({ ...routes, ...extra });
}

/** A 200 answer with `body`. */
export function ok(body: unknown): Reply {
  return { status: 200, body };
}

/** A 200 answer holding one page of a paged list: `total` counts all pages' items. */
export function listPage(items: unknown[], total = items.length, page = 1, pageSize = 20): Reply {
  return ok({ items, total, page, pageSize });
}

/** An error answer with the server's message, as the API refuses a request; with `errors`,
 * the message of each field it refused. */
export function refusal(status: number, message: string, errors?: Record<string, string>): Reply {
  return { status, body: errors ? { message, errors } : { message } };
}

/**
 * A route that fails with `failure` until the test calls `recover()`, then answers as
 * `route` does: a list that could not load, for the Retry that fetches it again.
 */
export function failsUntilRecovered(failure: Reply, route: Routes[string]) {
  let failing = true;
  return {
    route: (init: RequestInit) =>
      failing ? failure : typeof route === 'function' ? route(init) : route,
    recover: () => {
      failing = false;
    },
  };
}

/**
 * A route that keeps the JSON body last sent to it, for the test to check what the form
 * sent; it answers with `reply` of that body. `sent()` is undefined until a request came.
 */
export function keepsBody(reply: (body: unknown) => Reply) {
  let body: unknown;
  return {
    route: (init: RequestInit) => {
      body = JSON.parse(String(init.body));
      return reply(body);
    },
    sent: () => body,
  };
}

export function calls(fetch: ReturnType<typeof mockApi>): string[] {
  return fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
}
