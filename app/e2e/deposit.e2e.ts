// Money in the browser: a new client deposits by card through the sandbox provider, and
// the demo administrator credits a client from User Balances.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { credit, newClient, openSignedIn, openSignedInAt, pageScrollsSideways } from './accounts';
import { DEMO_ADMIN } from './api';
import { baseUrl, sharedBrowser } from './browser';

const PASSWORD = 'deposit-e2e-1';
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);

const browser = sharedBrowser();

async function startDeposit(page: Page, amount: string) {
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/client\/payment\/.+/);
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(EXPIRY_YEAR);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
}

/** The page has not reloaded since `markPage` when the marker is still there. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function isSamePage(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
  );
}

describe('deposits', () => {
  test('a new client deposits $25.00 by card, then a declined card changes nothing', async () => {
    const client = await newClient('Dora Deposit', PASSWORD, 'e2e-money');
    const { page, context, requests } = await openSignedIn(browser(), client.email, PASSWORD);
    await page.goto('/client/deposit');
    await page.getByRole('heading', { name: 'Add Funds' }).waitFor();
    await page.getByText('No deposits yet').waitFor();
    const balance = page.getByRole('link', { name: /^Balance / });
    expect(await balance.textContent()).toBe('Balance $0.00');
    await markPage(page);

    await startDeposit(page, '25.00');
    await page.getByText('$25.00').first().waitFor();
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/client\/deposit\?payment=/);
    await page.getByText('Payment successful: $25.00 added to your balance').waitFor();
    await page.getByRole('link', { name: 'Balance $25.00' }).waitFor();
    expect(await page.getByTestId('deposit-balance').textContent()).toBe('$25.00');
    const deposits = page.getByRole('region', { name: 'Your deposits' });
    await deposits.getByText('Succeeded').waitFor();
    expect(await isSamePage(page)).toBe(true);

    await startDeposit(page, '10.00');
    await payWith(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toMatch(/\/client\/payment\//);
    expect(await page.getByRole('button', { name: 'Pay now' }).isEnabled()).toBe(true);
    expect(await balance.textContent()).toBe('Balance $25.00');

    await page.getByRole('link', { name: 'Add Funds', exact: true }).click();
    await deposits.getByText('Failed').waitFor();
    expect(await balance.textContent()).toBe('Balance $25.00');
    expect(await page.getByTestId('deposit-balance').textContent()).toBe('$25.00');
    expect(await isSamePage(page)).toBe(true);
    // The sandbox never talks to a card provider from the browser.
    expect(requests.filter((u) => !u.startsWith(baseUrl()) && !u.startsWith('data:'))).toEqual([]);
    await context.close();
  });

  test('the demo admin adds $5.00 to a client from User Balances', async () => {
    const client = await newClient('Carl Credit', PASSWORD, 'e2e-money');
    const { page, context } = await openSignedInAt(
      browser(),
      DEMO_ADMIN,
      '/admin/balances',
      'User Balances',
    );
    await page.getByPlaceholder('Search users...').fill(client.email);
    await page.getByText('Showing 1 to 1 of 1').waitFor();
    const row = page.getByRole('row').filter({ hasText: client.email });
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await row.getByText('$0.00').count()).toBe(1);

    await row.getByRole('button', { name: `Actions for ${client.name}` }).click();
    await page.getByRole('menuitem', { name: 'Add Funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Funds' });
    await dialog.getByLabel('Amount (USD)').fill('5.00');
    await dialog.getByLabel('Reason').fill('Goodwill credit for a dropped call');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(`Add $5.00 to ${client.name}'s balance?`).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('$5.00 added').waitFor();
    await row.getByText('$5.00').first().waitFor();
    expect(await row.locator('td').nth(1).textContent()).toBe('$5.00');

    await row.getByRole('button', { name: `Actions for ${client.name}` }).click();
    await page.getByRole('menuitem', { name: 'View Transactions' }).click();
    const history = page.getByRole('dialog', { name: `Transactions of ${client.name}` });
    await history.getByText('Credit by admin').waitFor();
    await history.getByText(/Goodwill credit for a dropped call/).waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await context.close();
  });

  test('at 375 px the money pages scroll their tables, never the page', async () => {
    const client = await newClient('Nina Narrow', PASSWORD, 'e2e-money');
    await credit(client.id, '7.50', 'Welcome credit');
    const phone = { width: 375, height: 740 };
    const clientVisit = await openSignedIn(browser(), client.email, PASSWORD, phone);
    await clientVisit.page.goto('/client/deposit');
    await clientVisit.page.getByRole('region', { name: 'Your deposits' }).waitFor();
    expect(await pageScrollsSideways(clientVisit.page)).toBe(false);
    await clientVisit.page.goto('/client/transactions');
    const table = clientVisit.page.getByRole('table', { name: 'Your transactions' });
    await table.getByText('Credit by admin').waitFor();
    expect(await pageScrollsSideways(clientVisit.page)).toBe(false);
    await clientVisit.context.close();

    const adminVisit = await openSignedIn(browser(), DEMO_ADMIN.email, DEMO_ADMIN.password, phone);
    await adminVisit.page.goto('/admin/balances');
    await adminVisit.page.getByRole('table', { name: 'User balances' }).waitFor();
    expect(await pageScrollsSideways(adminVisit.page)).toBe(false);
    await adminVisit.context.close();
  });
});
