// Numbers, packages and prices in the browser: clients buy a number through the wizard
// and a minutes package, the demo administrator stocks a number and changes a rate.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { credit, newClient, openSignedIn, openSignedInAt } from './accounts';
import { DEMO_ADMIN } from './api';
import { baseUrl, sharedBrowser } from './browser';

const PASSWORD = 'numbers-e2e-1';

const browser = sharedBrowser();

/** Walks the wizard to step 4 for a US mobile number; the first one unless told which. */
async function chooseUsMobile(page: Page, number?: string): Promise<string> {
  await page.goto('/client/buy-number');
  await page.getByRole('heading', { name: 'Select Country' }).waitFor();
  await page.getByRole('button', { name: /United States/ }).click();
  await page.getByRole('heading', { name: 'Number Type' }).waitFor();
  await page.getByRole('button', { name: /^Mobile/ }).click();
  await page.getByRole('heading', { name: 'Choose Number' }).waitFor();
  const option = number
    ? page.getByRole('button', { name: new RegExp(number.replace('+', '\\+')) })
    : page.getByRole('button', { name: /^\+1\d{10}/ }).first();
  await option.waitFor();
  const chosen = ((await option.textContent()) ?? '').match(/\+\d+/)?.[0] ?? '';
  await option.click();
  await page.getByRole('heading', { name: 'Confirm' }).waitFor();
  return chosen;
}

async function confirmPurchase(page: Page, number: string) {
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText(`Number ${number} purchased successfully!`).waitFor();
  await page.getByRole('heading', { name: 'Select Country' }).waitFor();
}

async function seeInMyNumbers(page: Page, number: string) {
  await page.getByRole('link', { name: 'My Numbers' }).click();
  await page.waitForURL(`${baseUrl()}/client/my-numbers`);
  const row = page.getByRole('row').filter({ hasText: number });
  await row.waitFor();
  expect(await row.getByText('active').isVisible()).toBe(true);
}

/** A fresh client with $20.00 credited by the demo admin; gives back its e-mail address. */
async function fundedClient(name: string): Promise<string> {
  const client = await newClient(name, PASSWORD, 'e2e-numbers');
  await credit(client.id, '20');
  return client.email;
}

describe('numbers and packages', () => {
  test('a new client buys a US mobile number and pays monthly fee plus setup', async () => {
    const email = await fundedClient('Nora Number');
    const { page, context } = await openSignedIn(browser(), email, PASSWORD);
    const number = await chooseUsMobile(page);
    expect(number).toMatch(/^\+1\d{10}$/);
    const total = page.getByText('Total due today').locator('..');
    expect(await total.textContent()).toContain('$3.99');
    await page.getByRole('link', { name: 'Balance $20.00' }).waitFor();

    await confirmPurchase(page, number);
    await page.getByRole('link', { name: 'Balance $16.01' }).waitFor();
    await seeInMyNumbers(page, number);
    expect(await page.getByRole('link', { name: /^Balance / }).textContent()).toBe(
      'Balance $16.01',
    );
    await context.close();
  });

  test('a new client buys the Basic package and sees all its minutes', async () => {
    const email = await fundedClient('Pia Package');
    const { page, context } = await openSignedIn(browser(), email, PASSWORD);
    await page.goto('/client/buy-package');
    await page.getByRole('button', { name: 'Purchase Basic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy Package' });
    await dialog.getByText('Buy Basic for $9.00? 500 minutes valid 30 days.').waitFor();
    await dialog.getByText(/renews monthly until you cancel it/).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Basic package purchased successfully!').waitFor();
    await page.getByRole('link', { name: 'Balance $11.00' }).waitFor();

    await page.getByRole('link', { name: 'My Packages' }).click();
    const card = page.getByRole('article', { name: 'Basic' });
    await card.waitFor();
    await card.getByText('500 of 500 minutes remaining').waitFor();
    await card.getByText(/^Renews on/).waitFor();
    const bar = card.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('500');
    expect(await bar.getAttribute('aria-valuemax')).toBe('500');
    await context.close();
  });

  test('the admin stocks +14155550999 and a client buys it through the wizard', async () => {
    const admin = await openSignedInAt(
      browser(),
      DEMO_ADMIN,
      '/admin/phones',
      'Manage Phone Numbers',
    );
    await admin.page.getByRole('button', { name: 'Add New Number' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add New Number' });
    await dialog.getByLabel('Number (E.164)').fill('+14155550999');
    await dialog.getByRole('option', { name: /United States/ }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Country').selectOption('US');
    await dialog.getByLabel('Type').selectOption('mobile');
    await dialog.getByRole('button', { name: 'Add Number' }).click();
    await admin.page.getByText('+14155550999 added').waitFor();
    await admin.page.getByPlaceholder('Search numbers...').fill('4155550999');
    const row = admin.page.getByRole('row').filter({ hasText: '+14155550999' });
    await row.waitFor();
    expect(await row.getByText('Unassigned').isVisible()).toBe(true);
    await admin.context.close();

    const email = await fundedClient('Cleo Client');
    const { page, context } = await openSignedIn(browser(), email, PASSWORD);
    const number = await chooseUsMobile(page, '+14155550999');
    expect(number).toBe('+14155550999');
    await confirmPurchase(page, number);
    await seeInMyNumbers(page, number);
    await context.close();
  });

  test("the admin changes Germany's outbound rate and the table shows it", async () => {
    const { page, context } = await openSignedInAt(
      browser(),
      DEMO_ADMIN,
      '/admin/country-pricing',
      'Country Pricing',
    );
    await page.getByPlaceholder('Search countries...').fill('Germany');
    await page.getByRole('button', { name: 'Edit Germany' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Germany' });
    await dialog.getByLabel(/Outbound rate/).fill('0.031');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Germany saved').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Germany' });
    await row.getByText('$0.031/min').waitFor();
    await context.close();
  });

  test('the wizard fits a 375 px screen without sideways page scroll', async () => {
    const email = await fundedClient('Mia Mobile');
    const { page, context } = await openSignedIn(browser(), email, PASSWORD, {
      width: 375,
      height: 740,
    });
    await chooseUsMobile(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await context.close();
  });
});
