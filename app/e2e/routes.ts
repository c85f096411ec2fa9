// Every route of the app, by area, and how to reach each signed in. Shared by the
// accessibility scan, the responsive checks and the screenshot tour.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { api, DEMO_ADMIN, DEMO_CLIENT, loginToken } from './api';

export type Area = 'public' | 'client' | 'admin';

export const publicRoutes = [
  '/',
  '/products',
  '/features',
  '/pricing',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/refund',
  '/faq',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=x',
  '/no/such/page',
];

/** The payment page's path is only known once a deposit has started; see paymentRoute. */
export const clientRoutes = [
  '/client',
  '/client/my-numbers',
  '/client/my-packages',
  '/client/buy-number',
  '/client/buy-package',
  '/client/call-history',
  '/client/deposit',
  '/client/transactions',
  '/client/notifications',
  '/client/send-sms',
  '/client/settings',
];

export const adminRoutes = [
  '/admin',
  '/admin/users',
  '/admin/balances',
  '/admin/phones',
  '/admin/packages',
  '/admin/call-history',
  '/admin/country-pricing',
  '/admin/analytics',
  '/admin/messages',
  '/admin/audit',
  '/admin/settings',
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
    { amount: 10 },
    await token('client'),
  );
  return `/client/payment/${encodeURIComponent(clientSecret)}`;
}

/** Every route of an area; the client's includes a live payment page. */
export async function routesOf(area: Area): Promise<string[]> {
  if (area === 'public') return publicRoutes;
  if (area === 'admin') return adminRoutes;
  return [...clientRoutes, await paymentRoute()];
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
