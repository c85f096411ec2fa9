import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { submitLogin, submitSignup } from './accounts';
import { DEMO_ADMIN, DEMO_CLIENT, uniqueEmail } from './api';
import { baseUrl, open, sharedBrowser } from './browser';

const browser = sharedBrowser();

/** The navbar's link or button named `name` that shows: the navbar holds each item twice,
 * in its desktop row and in its phone menu. */
function navbarItem(page: Page, role: 'link' | 'button', name: string) {
  return page.getByTestId('navbar').getByRole(role, { name }).filter({ visible: true }).first();
}

describe('accounts', () => {
  test('sign up, sign in, land on /, open the client area from Dashboard, log out', async () => {
    const { page, context } = await open(browser(), '/signup');
    const email = uniqueEmail('e2e-signup');
    await submitSignup(page, 'Grace Hopper', email, 'cobol-rules-1');
    await page.waitForURL(`${baseUrl()}/login`);
    await page.getByText('Account created successfully').waitFor();

    await submitLogin(page, email, 'cobol-rules-1');
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByText('Logged in successfully').waitFor();
    await page.getByTestId('navbar').getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(`${baseUrl()}/client`);
    await page.getByRole('heading', { name: /Grace Hopper/ }).waitFor();
    expect(await page.getByText(email).first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByText('Logged out successfully').waitFor();
    await navbarItem(page, 'link', 'Login').waitFor();
    // The session is over on the server too: the client area sends us to /login.
    await page.goto('/client');
    await page.waitForURL(`${baseUrl()}/login`);
    await context.close();
  });

  test('a wrong password shows the banner of section 8', async () => {
    const { page, context } = await open(browser(), '/login');
    await submitLogin(page, DEMO_CLIENT.email, 'wrong-password');
    await page.getByText('Failed to login. Please check your credentials.').waitFor();
    expect(page.url()).toBe(`${baseUrl()}/login`);
    await context.close();
  });

  test('the login form shows core validation messages before calling the server', async () => {
    const { page, context } = await open(browser(), '/login');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await context.close();
  });

  test('a client opening /admin is sent to /login and sees no admin content', async () => {
    const { page, context } = await open(browser(), '/login');
    await submitLogin(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
    await page.waitForURL(`${baseUrl()}/`);
    await page.goto('/admin');
    await page.waitForURL(`${baseUrl()}/login`);
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);
    await context.close();
  });

  test('an expired access token is refreshed through the httpOnly cookie and the page loads', async () => {
    const { page, context } = await open(browser(), '/login');
    await submitLogin(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
    await page.waitForURL(`${baseUrl()}/`);
    const refreshes: string[] = [];
    page.on(
      'request',
      (r) => r.url().endsWith('/api/auth/refresh-token') && refreshes.push(r.url()),
    );
    // Replace the access token by one the server no longer accepts.
    await page.evaluate(() => {
      document.cookie = 'Authorization-cookie=expired.token.value; Path=/; SameSite=Strict';
    });
    await page.goto('/client/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/client/settings`);
    // The page may render before the refresh answers: wait for the new token.
    await page.waitForFunction(() => !document.cookie.includes('expired.token.value'));
    expect(refreshes.length).toBe(1);
    const cookie = (await context.cookies()).find((c) => c.name === 'Authorization-cookie');
    expect(cookie?.value).not.toBe('expired.token.value');
    await context.close();
  });

  test('every Logout ends on /: the navbar, the client sidebar and the admin sidebar', async () => {
    const { page, context } = await open(browser(), '/login');
    // The sign-in toast sits top-right, over the navbar's Logout: a click there hovers
    // it, which pauses it (react-hot-toast), and it would cover the button for good.
    const signedIn = async () => {
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByText('Logged in successfully').first().waitFor({ state: 'hidden' });
    };
    const settle = async () => {
      await page.getByText('Logged out successfully').first().waitFor();
      // Nothing may move on afterwards (the admin guard once replaced / with /login).
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/');
    };

    await submitLogin(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
    await signedIn();
    await navbarItem(page, 'button', 'Logout').click();
    await settle();

    await submitLogin(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
    await signedIn();
    await page.goto('/client');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await settle();

    await submitLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await signedIn();
    await page.goto('/admin');
    await page.getByText('Admin Dashboard').first().waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await settle();
    await context.close();
  });
});
