// Every route of the app, by area, from the app's own paths table (src/app/paths.ts),
// and how to reach each signed in. Shared by the accessibility scan, the responsive
// checks and the screenshot tour.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { adminPaths, clientPaths, paths, publicPaths } from '../src/app/paths';
import { api, DEMO_ADMIN, DEMO_CLIENT, loginToken } from './api';

export type Area = 'public' | 'client' | 'admin';

/** Every public page (the reset form with a token to show it) and a path that is none. */
const publicRoutes = [
  ...publicPaths.map((path) => (path === paths.resetPassword ? `${path}?token=x` : path)),
  '/no/such/page',
];

const accounts = { client: DEMO_CLIENT, admin: DEMO_ADMIN } as const;

/** A demo account's access token, cached: signing in again would only cost time. */
const tokens = new Map<string, Promise<string>>();
function token(area: Exclude<Area, 'public'>): Promise<string> {
  let found = tokens.get(area);
  if (!found) {
    found = loginToken(accounts[area].email, accounts[area].password);
    tokens.set(area, found);
  }
  return found;
}

/** /client/payment/<client secret> of a fresh $10 deposit by the demo client. */
export async function paymentRoute(): Promise<string> {
  const { clientSecret } = await api<{ clientSecret: string }>(
    'POST',
    '/payment/stripe',
    { amount: '10' },
    await token('client'),
  );
  return paths.client.payment(clientSecret);
}

/**
 * Every route of an area; the client's includes a live payment page, whose path is only
 * known once a deposit has started.
 */
export async function routesOf(area: Area): Promise<string[]> {
  const fixed = fixedRoutes[area];
  return area === 'client' ? [...fixed, await paymentRoute()] : fixed;
}

/** An area's routes whose paths are known up front (all but the client's payment page). */
const fixedRoutes: Record<Area, string[]> = {
  public: publicRoutes,
  client: clientPaths,
  admin: adminPaths,
};

export interface RoutePart {
  /** "the client routes 9 to 16 of 21" */
  name: string;
  routes: () => Promise<string[]>;
}

/**
 * An area's routes in parts of at most `size`, in order, so that a sweep runs a part a
 * test: its timeout covers a part on a busy machine, and a failure names fewer routes.
 * The payment page's deposit is started only by the part that holds it.
 */
export function routeParts(area: Area, size: number): RoutePart[] {
  const fixed = fixedRoutes[area];
  const total = fixed.length + (area === 'client' ? 1 : 0);
  const parts: RoutePart[] = [];
  for (let from = 0; from < total; from += size) {
    const to = Math.min(from + size, total);
    parts.push({
      name: `the ${area} routes ${from + 1} to ${to} of ${total}`,
      routes: async () => [
        ...fixed.slice(from, to),
        ...(to > fixed.length ? [await paymentRoute()] : []),
      ],
    });
  }
  return parts;
}

/** Runs one route's step, naming the route in what it throws. */
export async function onRoute<T>(route: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new Error(`${route}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/**
 * A browser context signed in as the area's demo account: the access token goes where
 * the app keeps it, the Authorization cookie, as the login form would have put it.
 */
export async function areaContext(
  browser: Browser,
  baseURL: string,
  area: Area,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...options,
    baseURL,
  });
  if (area !== 'public') {
    await context.addCookies([
      {
        name: 'Authorization-cookie',
        value: encodeURIComponent(await token(area)),
        url: baseURL,
        sameSite: 'Strict',
      },
    ]);
  }
  return context;
}

/** Opens a route and waits until its data is in: no request in flight, an h1, no skeleton. */
export async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await settle(page);
}

export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="status"] .animate-pulse'));
}
