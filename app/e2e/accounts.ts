// Accounts and signing in for browser tests: fresh clients made through the API (so that
// no test depends on another), credited by the demo administrator when a test needs
// money, and the login form filled in as a person would.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, DEMO_ADMIN, loginToken, uniqueEmail } from './api';
import { baseUrl, open, type Visit } from './browser';

export interface NewClient {
  id: number;
  name: string;
  email: string;
}

/** Signs a new client up through the API, with a unique e-mail address under `prefix`. */
export async function newClient(
  name: string,
  password: string,
  prefix: string,
): Promise<NewClient> {
  const email = uniqueEmail(prefix);
  const response = await fetch(`${baseUrl()}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(201);
  return { id: (JSON.parse(body) as { user: { id: number } }).user.id, name, email };
}

/** Credits a client as the demo admin, straight through the API: `amount` in dollars, as text. */
export async function credit(userId: number, amount: string, reason = 'e2e'): Promise<void> {
  const accessToken = await loginToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const response = await fetch(`${baseUrl()}/api/admin/balances/${userId}/adjust`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ type: 'credit', amount, reason }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A US mobile number the client bought through the API. */
export interface BoughtNumber {
  id: number;
  number: string;
}

/** Buys the first US mobile number on offer for the client holding `token`. */
export async function buyNumber(token: string): Promise<BoughtNumber> {
  const {
    numbers: [offer],
  } = await api<{ numbers: BoughtNumber[] }>(
    'GET',
    '/numbers/available?country=US&type=mobile',
    undefined,
    token,
  );
  await api('POST', '/numbers/purchase', { numberId: offer.id }, token);
  return offer;
}

/** A new client, credited with `funds`, that bought a number: its API token and the number. */
export async function clientWithNumber(
  name: string,
  password: string,
  prefix: string,
  funds: string,
): Promise<{ client: NewClient; token: string; offer: BoughtNumber }> {
  const client = await newClient(name, password, prefix);
  await credit(client.id, funds);
  const token = await loginToken(client.email, password);
  return { client, token, offer: await buyNumber(token) };
}

/** Fills in the sign-up form on screen, terms accepted, and submits it. */
export async function submitSignup(
  page: Page,
  name: string,
  email: string,
  password: string,
): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Fills in and submits the login form, without waiting for where it leads. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login form and waits for the landing page, /. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await landedOn(page, `${baseUrl()}/`);
}

/**
 * Signs a new client up through the form at `base`/signup (the page is there), then in
 * on the login page the sign-up leads to, once it says the account was made, and waits
 * for /.
 */
export async function signUpThenIn(
  page: Page,
  base: string,
  account: { name: string; email: string; password: string },
): Promise<void> {
  await submitSignup(page, account.name, account.email, account.password);
  await page.waitForURL(`${base}/login`);
  await page.getByText('Account created successfully').waitFor();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await landedOn(page, `${base}/`);
}

/**
 * Waits for `url`; when it does not come, the error says where the page is and what its
 * alerts and field errors say (two sign-ins once timed out on a slow machine, and the
 * timeout alone told nothing).
 */
export async function landedOn(page: Page, url: string): Promise<void> {
  try {
    await page.waitForURL(url);
  } catch (error) {
    const alerts = await page
      .getByRole('alert')
      .allTextContents()
      .catch(() => []);
    const at = page.url();
    throw new Error(
      `${(error as Error).message}; the page is at ${at}, alerts: ${JSON.stringify(alerts)}`,
    );
  }
}

/** A new context at the login form, signed in through it and on /; `viewport` as open's. */
export async function openSignedIn(
  browser: Browser,
  email: string,
  password: string,
  viewport?: Parameters<typeof open>[2],
): Promise<Visit> {
  const visit = await open(browser, '/login', viewport);
  await signIn(visit.page, email, password);
  return visit;
}

/** A new context signed in as `account` (e.g. DEMO_ADMIN), at `path` once its heading shows. */
export async function openSignedInAt(
  browser: Browser,
  account: { email: string; password: string },
  path: string,
  heading: string,
): Promise<Visit> {
  const visit = await openSignedIn(browser, account.email, account.password);
  await visit.page.goto(path);
  await visit.page.getByRole('heading', { name: heading }).waitFor();
  return visit;
}

/** The page as a whole is wider than the window (a table should scroll in its own box). */
export async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
