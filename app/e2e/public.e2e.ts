import { describe, expect, test } from 'vitest';
import { paths, publicPaths } from '../src/app/paths';
import { api, DEMO_ADMIN, loginToken, uniqueEmail } from './api';
import { baseUrl, open, sharedBrowser } from './browser';

const browser = sharedBrowser();

const external = (requests: string[]) =>
  requests.filter(
    (u) => !u.startsWith(baseUrl()) && !u.startsWith('data:') && !u.startsWith('blob:'),
  );

describe('the public site', () => {
  // Every public page but the two password-reset steps.
  const routes = publicPaths.filter(
    (path) => path !== paths.forgotPassword && path !== paths.resetPassword,
  );

  test('every public route renders its heading and its own title, loading nothing from another host', async () => {
    const titles = new Set<string>();
    for (const route of routes) {
      const { page, context, requests } = await open(browser(), route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      titles.add(await page.title());
      expect(external(requests), route).toEqual([]);
      await context.close();
    }
    expect(titles.size).toBe(routes.length);
  });

  test('the mobile menu opens, and closes on navigation', async () => {
    const { page, context } = await open(browser(), '/', { width: 375, height: 812 });
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'About', exact: true }).first().click();
    await page.waitForURL(`${baseUrl()}/about`);
    expect(
      await page.getByRole('button', { name: 'Toggle menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await context.close();
  });

  test('the pricing search narrows "ger" to Germany and "jp" to Japan', async () => {
    const { page, context } = await open(browser(), '/pricing');
    await page.getByText('United States').first().waitFor();
    const search = page.getByPlaceholder('Search countries...');
    await search.fill('ger');
    await page.getByText('Germany').first().waitFor();
    expect(await page.getByText('United States').count()).toBe(0);
    await search.fill('jp');
    await page.getByText('Japan').first().waitFor();
    expect(await page.getByText('Germany').count()).toBe(0);
    await context.close();
  });

  test('a rate changed through the admin API appears on /pricing', async () => {
    const token = await loginToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const list = await api<{ items: Array<Record<string, unknown>> }>(
      'GET',
      '/admin/country-pricing?search=fr',
      undefined,
      token,
    );
    const france = list.items[0];
    await api(
      'PUT',
      `/admin/country-pricing/${france.id}`,
      { ...france, outboundRate: '0.0375' },
      token,
    );
    const { page, context } = await open(browser(), '/pricing');
    await page.getByRole('tab', { name: 'Call Rates' }).click();
    await page.getByPlaceholder('Search countries...').fill('france');
    await page.getByText('$0.038').first().waitFor();
    await context.close();
  });

  test('a contact message sent in the browser reaches the administrators', async () => {
    const subject = `Porting numbers ${uniqueEmail('s')}`;
    const { page, context } = await open(browser(), '/contact');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Can I bring my existing UK numbers to Dialtone?');
    await page.getByRole('button', { name: /send/i }).click();
    await page
      .getByText(/Thank you for your message/)
      .first()
      .waitFor();
    await context.close();

    const admin = await open(browser(), '/login');
    await admin.page.getByLabel('Email address').fill(DEMO_ADMIN.email);
    await admin.page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await admin.page.getByRole('button', { name: 'Sign in' }).click();
    await admin.page.waitForURL(`${baseUrl()}/`);
    await admin.page.goto('/admin/messages');
    await admin.page.getByText(subject).waitFor();
    await admin.context.close();
  });
});
