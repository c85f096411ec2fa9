// The Fraud page in the browser: an alert raised on a customer's account is read and
// the account suspended from it, after a confirmation.
import { describe, expect, test } from 'vitest';
import { openSignedInAt } from './accounts';
import { DEMO_ADMIN } from './api';
import { sharedBrowser } from './browser';
import { burstingClient } from './fraud-alert';

const browser = sharedBrowser();

describe('fraud', () => {
  test('the admin reads an alert and suspends the account from it', async () => {
    const client = await burstingClient('e2e-fraud');
    const { page } = await openSignedInAt(browser(), DEMO_ADMIN, '/admin/fraud', 'Fraud');
    const row = page.getByRole('row').filter({ hasText: client.email });
    await row.getByText('Burst of short calls to one range', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Suspend ${client.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Account' });
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    await page.getByText(`${client.email} suspended`).waitFor();
    await row.getByText('suspended').first().waitFor();
    expect(await row.getByRole('button', { name: /Suspend/ }).count()).toBe(0);
  });
});
