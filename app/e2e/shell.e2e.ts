import { describe, expect, test } from 'vitest';
import { routePatterns } from '../src/app/paths';
import { baseUrl, open, sharedBrowser } from './browser';

const browser = sharedBrowser();

describe('the app shell', () => {
  test('an unknown route shows the 404 page', async () => {
    const { page, context } = await open(browser(), '/no/such/page');
    // The 404 page is a lazy chunk: isVisible() does not wait for it to render.
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByText("The page you are looking for doesn't exist or has been moved.")
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      '/contact',
    );
    await context.close();
  });

  test('an unknown path answers HTTP 404, every page of the route table 200', async () => {
    const status = async (path: string) => (await fetch(`${baseUrl()}${path}`)).status;
    expect(await status('/no/such/page')).toBe(404);
    expect(await status('/client/ivr/7/extra')).toBe(404);
    for (const pattern of routePatterns()) {
      expect(await status(pattern.replace(':id', '7')), pattern).toBe(200);
    }
  });

  test('the navigation bar links every public page and the sign-in pages', async () => {
    const { page, context, requests } = await open(browser(), '/');
    const nav = page.getByTestId('navbar');
    // isVisible() does not wait: let the first render land before checking each link.
    await nav.getByRole('link', { name: 'Home', exact: true }).first().waitFor();
    for (const name of [
      'Home',
      'Products',
      'Features',
      'Pricing',
      'About',
      'Contact',
      'Login',
      'Sign Up',
    ]) {
      expect(await nav.getByRole('link', { name, exact: true }).first().isVisible(), name).toBe(
        true,
      );
    }
    await nav.getByRole('link', { name: 'Pricing', exact: true }).first().click();
    await page.waitForURL(`${baseUrl()}/pricing`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => !u.startsWith(baseUrl()) && !u.startsWith('data:'))).toEqual([]);
    await context.close();
  });

  test('the navigation bar is transparent at the top of / and white after scrolling', async () => {
    const { page, context } = await open(browser(), '/');
    const nav = page.getByTestId('navbar');
    expect(await nav.getAttribute('data-transparent')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 25));
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="navbar"]')?.getAttribute('data-transparent') ===
        'false',
    );
    await page.goto('/pricing');
    expect(await page.getByTestId('navbar').getAttribute('data-transparent')).toBe('false');
    await context.close();
  });
});
