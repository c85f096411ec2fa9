// The admin area in the browser: the demo administrator suspends a client, changes the
// setup fee a client then pays, and reads the overview and the audit log.
import { describe, expect, test } from 'vitest';
import { credit, newClient, openSignedIn, openSignedInAt, submitLogin } from './accounts';
import { api, DEMO_ADMIN, loginToken } from './api';
import { baseUrl, open, sharedBrowser } from './browser';

const PASSWORD = 'admin-e2e-1';

type Settings = Record<string, string>;

const browser = sharedBrowser();

/** The platform settings as saved, read through the API as an administrator. */
async function savedSettings(token: string): Promise<Settings> {
  const answer = await api<{ settings: Settings }>('GET', '/admin/settings', undefined, token);
  return answer.settings;
}

/** Changes some platform settings through the API; gives back a function restoring them. */
async function changeSettings(changes: Settings): Promise<() => Promise<void>> {
  const token = await loginToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const settings = await savedSettings(token);
  await api('PUT', '/admin/settings', { ...settings, ...changes }, token);
  return async () => {
    await api('PUT', '/admin/settings', settings, token);
  };
}

describe('admin area', () => {
  test('the admin suspends a new client, who can then no longer sign in', async () => {
    const client = await newClient('Sam Suspend', PASSWORD, 'e2e-admin');
    const admin = await openSignedInAt(browser(), DEMO_ADMIN, '/admin/users', 'Manage Users');
    await admin.page.getByLabel('Search').fill(client.email);
    const row = admin.page.getByRole('row').filter({ hasText: client.email });
    await row.waitFor();
    await row.getByText('active').waitFor();
    await row.getByRole('button', { name: 'Actions for Sam Suspend' }).click();
    await admin.page.getByRole('menuitem', { name: 'Suspend User' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Suspend User' });
    await dialog
      .getByText(
        'Suspend Sam Suspend? They will be signed out at once and cannot sign in until reactivated.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Suspend User' }).click();
    await admin.page.getByText('Sam Suspend suspended').waitFor();
    await row.getByText('suspended').waitFor();
    await admin.context.close();

    const { page, context } = await open(browser(), '/login');
    await submitLogin(page, client.email, PASSWORD);
    await page.getByText('Your account has been suspended. Please contact support.').waitFor();
    expect(await page.getByRole('alert').first().isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseUrl()}/login`);
    await context.close();
  });

  test('a setup fee of 2.50 set on /admin/settings is what a client pays today', async () => {
    const token = await loginToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const settings = await savedSettings(token);
    try {
      const admin = await openSignedIn(browser(), DEMO_ADMIN.email, DEMO_ADMIN.password);
      await admin.page.goto('/admin/settings');
      await admin.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      const fee = admin.page.getByLabel('Number setup fee ($)');
      await fee.fill('2.50');
      await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.page.getByText('Settings saved').waitFor();
      expect(await fee.inputValue()).toBe('2.50');
      await admin.context.close();

      const client = await newClient('Fee Payer', PASSWORD, 'e2e-admin');
      await credit(client.id, '20');
      const { page, context } = await open(browser(), '/login');
      await submitLogin(page, client.email, PASSWORD);
      await page.waitForURL(`${baseUrl()}/`);
      await page.goto('/client/buy-number');
      await page.getByRole('button', { name: /United States/ }).click();
      await page.getByRole('button', { name: /^Mobile/ }).click();
      await page
        .getByRole('button', { name: /^\+1\d{10}/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Confirm' }).waitFor();
      const total = page.getByText('Total due today').locator('..');
      expect(await total.textContent()).toContain('$5.49');
      await context.close();
    } finally {
      await api('PUT', '/admin/settings', { ...settings, setupFee: '1.00' }, token);
    }
  });

  test('the overview shows the five cards and the recent users', async () => {
    const { page, context } = await openSignedInAt(browser(), DEMO_ADMIN, '/admin', 'Overview');
    for (const label of ['Total Users', 'Active Numbers', 'Minutes Used', 'Revenue', 'Countries']) {
      const card = page.getByTestId(`stat-${label}`);
      await card.getByRole('heading', { name: label }).waitFor();
      await page.waitForFunction(
        (id) => !document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes('Loading'),
        `stat-${label}`,
      );
      expect(await card.textContent()).toMatch(new RegExp(`^${label}\\$?[\\d,.]+$`));
    }
    await page.getByRole('heading', { name: 'Revenue by country' }).waitFor();
    const recent = page.getByRole('region', { name: 'Recent users' });
    await recent.getByText(/@/).first().waitFor();
    await recent.getByRole('link', { name: 'View all users' }).click();
    await page.waitForURL(`${baseUrl()}/admin/users`);
    await context.close();
  });

  test('the audit log lists a settings change with what changed', async () => {
    const restore = await changeSettings({ lowBalanceThreshold: '6.25' });
    try {
      const { page, context } = await openSignedInAt(
        browser(),
        DEMO_ADMIN,
        '/admin/audit',
        'Audit Log',
      );
      await page.getByLabel('Action').selectOption({ label: 'Settings' });
      const row = page
        .getByRole('row')
        .filter({ hasText: 'Updated settings' })
        .filter({ hasText: 'Demo Admin <admin@dialtone.test>' })
        .first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Settings platform');
      await row.getByRole('button', { name: /^Details/ }).click();
      const changes = page.getByRole('table', { name: 'Changes' });
      const change = changes.getByRole('row').filter({ hasText: 'lowBalanceThreshold' });
      await change.waitFor();
      expect(await change.textContent()).toBe('lowBalanceThreshold5.00→6.25');
      await context.close();
    } finally {
      await restore();
    }
  });

  test('the admin pages fit a 375 px screen; wide tables scroll in their own box', async () => {
    const { page, context } = await openSignedIn(browser(), DEMO_ADMIN.email, DEMO_ADMIN.password, {
      width: 375,
      height: 740,
    });
    for (const [path, heading] of [
      ['/admin', 'Overview'],
      ['/admin/users', 'Manage Users'],
      ['/admin/analytics', 'Analytics Dashboard'],
      ['/admin/settings', 'Settings'],
      ['/admin/audit', 'Audit Log'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
        path,
      ).toBe(false);
    }
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('link', { name: 'Audit Log' }).waitFor();
    await page.getByTestId('sidebar-overlay').click({ position: { x: 350, y: 400 } });
    await page.getByTestId('sidebar-overlay').waitFor({ state: 'detached' });
    await context.close();
  });
});
