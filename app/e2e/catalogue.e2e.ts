// The offer told the same everywhere (issue 41): the public pages' prices and counts
// are the catalogue API's, read here from the API and then from the pages in Chromium.
import { describe, expect, test } from 'vitest';
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

const browser = sharedBrowser();
const usd = (n: number) => `$${n.toFixed(2)}`;
const rate = (n: number) => `$${n.toFixed(3)}`;

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
});
