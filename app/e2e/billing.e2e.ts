// Billing in the browser: a client saves a sandbox card and turns auto-recharge on; the
// server's job (every 5 s here) tops the empty balance up from the card, once, and the
// receipt of that payment downloads as a PDF.
import { describe, expect, test } from 'vitest';
import { newClient, openSignedIn } from './accounts';
import { sharedBrowser } from './browser';

const PASSWORD = 'billing-e2e-1';
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);

const browser = sharedBrowser();

describe('billing', () => {
  test('a client saves a card, turns auto-recharge on, is topped up once and downloads the receipt', async () => {
    const client = await newClient('Rita Recharge', PASSWORD, 'e2e-billing');
    const { page, context } = await openSignedIn(browser(), client.email, PASSWORD);
    await page.goto('/client');
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    const recharge = page.getByRole('form', { name: 'Auto-recharge' });
    expect(await recharge.getByLabel('Turn on auto-recharge').isDisabled()).toBe(true);

    const card = page.getByRole('form', { name: 'Save a card' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry month').fill('12');
    await card.getByLabel('Expiry year').fill(EXPIRY_YEAR);
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Visa ending 4242').waitFor();

    await recharge.getByLabel(/falls below/).fill('10');
    await recharge.getByLabel(/Add this amount/).fill('25');
    await recharge.getByLabel(/Monthly maximum/).fill('100');
    await recharge.getByLabel('Turn on auto-recharge').check();
    await recharge.getByRole('button', { name: 'Save auto-recharge' }).click();
    await page.getByText('Auto-recharge is on').waitFor();

    // The balance was $0.00, below $10: the next run of the job charges the card.
    let shown = '';
    for (let i = 0; i < 30 && !shown.includes('$25.00 of $100.00'); i += 1) {
      await page.waitForTimeout(1000);
      await page.reload();
      shown = (await page.getByText(/^Recharged this month/).textContent()) ?? '';
    }
    expect(shown).toBe('Recharged this month: $25.00 of $100.00');
    // The header's balance and the settings are two requests: the job may have committed
    // between them on the last reload, so the header is read from a page loaded after it.
    await page.reload();
    await page.getByRole('link', { name: 'Balance $25.00' }).waitFor();

    // The recharge came with its receipt, downloaded as a PDF.
    const receipts = page.getByRole('region', { name: 'Receipts and statements' });
    const download = page.waitForEvent('download');
    await receipts.getByRole('button', { name: /^Download RC-\d{6} as PDF$/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^RC-\d{6}\.pdf$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByText('Auto-recharge by card').first().waitFor();
    expect(await page.getByText('Auto-recharge by card').count()).toBe(1);
    await context.close();
  });
});
