// The offer told the same everywhere (issue 41): the public pages' prices and counts
// are the catalogue API's, read here from the API and then from the pages in Chromium.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newClient, openSignedIn } from './accounts';
import { api } from './api';
import { open, sharedBrowser } from './browser';

interface Row {
  name: string;
  code: string;
  outboundRate: number;
  smsRate: number;
}
interface Pricing {
  countries: Row[];
  summary: {
    countries: number;
    numbersFrom: number;
    inboundFrom: number;
    outboundFrom: number;
    smsFrom: number;
    setupFee: number;
  };
}

interface Plan {
  name: string;
  minutes: number;
  price: number;
  highlights: string[];
}

const browser = sharedBrowser();
const usd = (n: number) => `$${n.toFixed(2)}`;
const rate = (n: number) => `$${n.toFixed(3)}`;
const minutes = (n: number) => n.toLocaleString('en-US');

/** The texts of a table row's cells, the row found by its header. */
async function rowCells(page: Page, feature: string): Promise<string[]> {
  return page
    .getByRole('table')
    .getByRole('row', { name: new RegExp(`^${feature}`) })
    .getByRole('cell')
    .allTextContents();
}

/** /pricing's Minutes Packages tab shows exactly `plans`: names, prices, minutes. */
async function pricingShows(page: Page, plans: Plan[]) {
  await page.goto('/pricing');
  await page.getByRole('tab', { name: 'Minutes Packages' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('heading', { name: plans[0].name }).waitFor();
  expect(await panel.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
    plans.map((p) => p.name),
  );
  for (const plan of plans) {
    const card = panel.getByRole('listitem', { name: plan.name, exact: true });
    expect(await card.textContent()).toContain(`${usd(plan.price)}/month`);
    await card.getByText(`${minutes(plan.minutes)} outbound minutes`, { exact: true }).waitFor();
  }
}

/** /features compares exactly `plans`, in catalogue order, with their prices and minutes. */
async function featuresShow(page: Page, plans: Plan[]) {
  await page.goto('/features');
  const headers = page.getByRole('table').getByRole('columnheader');
  await headers.nth(1).waitFor();
  expect(await headers.allTextContents()).toEqual(['Feature', ...plans.map((p) => p.name)]);
  expect(await rowCells(page, 'Monthly price')).toEqual(plans.map((p) => usd(p.price)));
  expect(await rowCells(page, 'Outbound minutes')).toEqual(plans.map((p) => minutes(p.minutes)));
}

describe('the catalogue on the public pages', () => {
  test('products, pricing and the home page claim what the price list holds', async () => {
    const pricing = await api<Pricing>('GET', '/catalogue/pricing');
    const { summary } = pricing;
    expect(summary.countries).toBe(pricing.countries.length);
    // "150+ countries" (the spec's words) holds because the list has them.
    expect(summary.countries).toBeGreaterThanOrEqual(150);

    const { page, context } = await open(browser(), '/products');
    const card = (name: string) => page.getByRole('article', { name });
    await card('Virtual Phone Numbers')
      .getByText(`From ${usd(summary.numbersFrom)}/mo`)
      .waitFor();
    await card('Inbound Calls')
      .getByText(`From ${rate(summary.inboundFrom)}/min`)
      .waitFor();
    await card('Outbound Calls')
      .getByText(`From ${rate(summary.outboundFrom)}/min`)
      .waitFor();
    await card('SMS Messaging')
      .getByText(`From ${usd(summary.smsFrom)}/message`)
      .waitFor();

    await page.goto('/pricing');
    await page
      .getByText(`A one-time setup fee of ${usd(summary.setupFee)} applies per number.`)
      .waitFor();
    const body = page.getByRole('table').locator('tbody tr');
    await body.first().waitFor();
    expect(await body.count()).toBe(pricing.countries.length);

    // Jamaica is priced as itself, not as the United States.
    const jamaica = pricing.countries.find((c) => c.code === 'JM');
    const us = pricing.countries.find((c) => c.code === 'US');
    expect(jamaica && us && jamaica.outboundRate > us.outboundRate).toBe(true);
    await page.getByRole('tab', { name: 'Call Rates' }).click();
    await page.getByPlaceholder('Search countries...').fill('Jamaica');
    const cells = page.getByRole('row', { name: /Jamaica/ }).getByRole('cell');
    await cells.first().waitFor();
    // Inbound, outbound, SMS, then the link.
    expect(await cells.nth(1).textContent()).toBe(rate(jamaica!.outboundRate));
    expect(await cells.nth(2).textContent()).toBe(rate(jamaica!.smsRate));

    await page.goto('/');
    await page.getByText('150+').first().waitFor();
    await context.close();
  });

  test('the plans read the same on /pricing, /features, /products and Buy Package', async () => {
    const { plans } = await api<{ plans: Plan[] }>('GET', '/catalogue/plans');
    expect(plans.map((p) => p.name)).toEqual(['Basic', 'Professional', 'Enterprise']);
    const cheapest = plans.reduce((low, p) => (p.price < low.price ? p : low));

    const client = await newClient('Cara Catalogue', 'catalogue-e2e-1', 'e2e-catalogue');
    const { page, context } = await openSignedIn(browser(), client.email, 'catalogue-e2e-1');
    await pricingShows(page, plans);
    await featuresShow(page, plans);

    await page.goto('/products');
    await page
      .getByRole('article', { name: 'Outbound Calls' })
      .getByText(
        `Monthly plans from ${usd(cheapest.price)}/mo with ${minutes(cheapest.minutes)} minutes`,
      )
      .waitFor();

    await page.goto('/client/buy-package');
    const shop = page.getByRole('region', { name: 'Packages' });
    await shop.getByRole('article').first().waitFor();
    expect(await shop.getByRole('article').count()).toBe(plans.length);
    for (const plan of plans) {
      const card = shop.getByRole('article', { name: plan.name, exact: true });
      expect(await card.textContent()).toContain(`${usd(plan.price)}/month`);
      expect(await card.getByRole('listitem').allTextContents()).toEqual(plan.highlights);
    }
    await context.close();
  });
});
