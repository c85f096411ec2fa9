// The keyboard alone: sign in, open a row's actions menu and a dialog, and the mobile
// navigation, without a single click.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN } from './api';
import { baseUrl, open, sharedBrowser } from './browser';

const browser = sharedBrowser();

/** What has focus, as a person would name it: role and accessible label or text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.textContent ??
      '';
    return `${role}:${label.trim()}`;
  });
}

/** Presses Tab until the focused element matches; fails after `limit` presses. */
async function tabTo(page: Page, wanted: RegExp, limit = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (wanted.test(now)) return;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${wanted}; went through:\n${seen.join('\n')}`);
}

const insideDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

/** Signs the demo administrator in on the login page on screen, by Tab, typing and Enter. */
async function signInByKeyboard(page: Page): Promise<void> {
  await tabTo(page, /^input:Email address/);
  await page.keyboard.type(DEMO_ADMIN.email);
  await tabTo(page, /^input:Password/, 3);
  await page.keyboard.type(DEMO_ADMIN.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl()}/`);
}

describe('the keyboard alone', () => {
  test('signs in, opens a row menu on /admin/users, a dialog from it, and closes both with Escape', async () => {
    const { page, context } = await open(browser(), '/login');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await signInByKeyboard(page);

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Manage Users', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .waitFor();

    // Enter opens the menu on its first item; the arrows move; Escape closes it and
    // gives focus back to the button.
    await tabTo(page, /^button:Actions for /);
    const trigger = await focused(page);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await focused(page)).toBe('menuitem:Send Email');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatch(/^menuitem:/);
    expect(await focused(page)).not.toBe('menuitem:Send Email');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(trigger);

    // A dialog opened from the menu keeps Tab inside, closes on Escape and returns focus.
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.waitFor();
    expect(await insideDialog(page)).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(await insideDialog(page), `after ${i + 1} presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(trigger);
    await context.close();
  });

  test('opens and closes the mobile menu and the admin sidebar with Enter and Escape', async () => {
    const { page, context } = await open(browser(), '/pricing', { width: 375, height: 812 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(page, /^button:Toggle menu/);
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('button:Toggle menu');

    // Enter on a link of the open menu follows it, and the menu closes.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await tabTo(page, /^a:Login$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/login`);
    await menu.waitFor({ state: 'detached' });

    await signInByKeyboard(page);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await tabTo(page, /^button:Toggle sidebar/);
    await page.keyboard.press('Enter');
    await page.getByTestId('sidebar-overlay').waitFor();
    expect(await focused(page)).toBe('a:Overview');
    await tabTo(page, /^a:Manage Users$/, 3);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/admin/users`);
    await page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
    // The drawer closes when the new page shows (the address changes first, while the
    // lazy page loads): open it again only once the page is there, as a person would.
    await page.getByRole('heading', { level: 1, name: 'Manage Users' }).waitFor();

    await tabTo(page, /^button:Toggle sidebar/);
    await page.keyboard.press('Enter');
    await page.getByTestId('sidebar-overlay').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
    // Focus goes back in an effect after the overlay leaves: wait for it (a loaded
    // machine once read the focus before it moved).
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe('button:Toggle sidebar');
    await context.close();
  });
});
