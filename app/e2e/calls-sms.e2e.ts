// SMS and call history in the browser: a funded new client sends a text and pays the
// quoted price; the demo client filters its generated call history and exports it.
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { credit, newClient, openSignedIn, openSignedInAt, pageScrollsSideways } from './accounts';
import { DEMO_CLIENT } from './api';
import { sharedBrowser } from './browser';

const PASSWORD = 'calls-sms-e2e-1';
const RECIPIENT = '+14155550123';

const browser = sharedBrowser();

/** "$4.99" -> 499: whole cents, so that the test compares money without floats. */
function cents(text: string): number {
  const match = /(-?)\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number(match[2].replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

/** One CSV line into its fields, honouring quoted fields with commas and doubled quotes. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields;
}

describe('SMS and call history', () => {
  test('a funded client sends an SMS, sees it delivered and pays the quoted cost', async () => {
    const client = await newClient('Sam Sender', PASSWORD, 'e2e-sms');
    await credit(client.id, '5');
    const { page, context } = await openSignedIn(browser(), client.email, PASSWORD);
    await page.goto('/client/send-sms');
    await page.getByRole('heading', { name: 'Send SMS' }).waitFor();
    const recent = page.getByRole('region', { name: 'Recent messages' });
    await recent.getByText('No recent messages').waitFor();
    const balance = page.getByRole('link', { name: /^Balance / });
    await page.getByRole('link', { name: 'Balance $5.00' }).waitFor();

    await page.getByLabel('Recipient', { exact: true }).fill(RECIPIENT);
    await page.getByLabel('Message', { exact: true }).fill('Hello from the Dialtone e2e suite');
    expect(await page.getByTestId('sms-counter').textContent()).toBe('33/160');
    const quote = page.getByText(/^Cost: \$\d+\.\d{2} \(1 part to /);
    await quote.waitFor();
    const quoted = cents((await quote.textContent()) ?? '');
    expect(quoted).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Message sent', { exact: true }).waitFor();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    const item = recent.getByRole('listitem').filter({ hasText: RECIPIENT });
    await item.getByText('Hello from the Dialtone e2e suite').waitFor();
    await item.getByText('delivered', { exact: true }).waitFor({ timeout: 20_000 });

    // The header shows the balance the server holds after the charge.
    await expect
      .poll(async () => cents((await balance.textContent()) ?? ''), { timeout: 10_000 })
      .toBe(500 - quoted);

    // The dashboard's SMS card: what the rest buys where this client texts, and the count.
    await page.goto('/client');
    const card = page
      .locator('div.flex-col', { has: page.getByRole('heading', { name: 'SMS remaining' }) })
      .last();
    await card.getByText('1 sent this month').waitFor();
    await card
      .getByText(/What your balance buys at \$0\.\d{3} a message to United States/)
      .waitFor();
    const remaining = Number(await card.locator('p.text-3xl').textContent());
    expect(remaining).toBe(Math.floor((500 - quoted) / quoted));
    await context.close();
  });

  test('the demo client filters its calls to outbound and exports only those', async () => {
    const { page, context } = await openSignedInAt(
      browser(),
      DEMO_CLIENT,
      '/client/call-history',
      'Call History',
    );
    const table = page.getByRole('table', { name: 'Your calls' });
    await table.waitFor();

    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/calls?') && r.url().includes('type=outbound') && r.ok(),
    );
    await page.getByLabel('Type').selectOption('outbound');
    const body = (await (await filtered).json()) as { total: number; items: unknown[] };
    expect(body.total).toBeGreaterThan(0);
    await page.getByText(`of ${body.total}`).first().waitFor();
    await table.locator('tbody tr').first().waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(body.items.length);
    for (const row of await rows.all()) {
      expect(await row.locator('[data-direction]').getAttribute('data-direction')).toBe('outbound');
      expect(await row.getByText('Outbound', { exact: true }).isVisible()).toBe(true);
      expect(await row.getByText('Inbound', { exact: true }).count()).toBe(0);
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Records' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dialtone-calls.csv');
    const csv = await readFile(await download.path(), 'utf8');
    const [header, ...records] = csv
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    const columns = csvFields(header).map((name) => name.trim().toLowerCase());
    const typeColumn = columns.findIndex((name) => name === 'type' || name === 'direction');
    expect(typeColumn, `a type column in "${header}"`).toBeGreaterThanOrEqual(0);
    expect(records.length).toBe(body.total);
    for (const record of records) {
      expect(csvFields(record)[typeColumn].trim().toLowerCase()).toBe('outbound');
    }
    await context.close();
  });

  test('at 375 px the new client pages scroll their tables, never the page', async () => {
    const { page, context } = await openSignedIn(
      browser(),
      DEMO_CLIENT.email,
      DEMO_CLIENT.password,
      { width: 375, height: 740 },
    );
    // Each page, once what it shows is in.
    const pages: Array<[string, Locator]> = [
      ['/client/call-history', page.getByRole('table', { name: 'Your calls' })],
      ['/client/send-sms', page.getByRole('region', { name: 'Recent messages' })],
      ['/client/notifications', page.getByRole('heading', { name: 'Notifications' })],
      ['/client', page.getByRole('heading', { name: 'Usage history' })],
    ];
    for (const [route, shown] of pages) {
      await page.goto(route);
      await shown.waitFor();
      expect(await pageScrollsSideways(page)).toBe(false);
    }
    await context.close();
  });
});
