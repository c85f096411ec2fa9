// A number's Voice & SMS URLs set from My Numbers, and the Debugger showing a webhook
// Dialtone refused to send: a message's status callback to a name that resolves to
// this machine (webhooks never reach private addresses), sent through the
// Twilio-compatible API as a customer's code would.
import { describe, expect, test } from 'vitest';
import { clientWithNumber, openSignedIn } from './accounts';
import { api } from './api';
import { baseUrl, sharedBrowser } from './browser';
import { settle } from './routes';

const PASSWORD = 'hooks-e2e-1';
const browser = sharedBrowser();

describe('voice URLs and the debugger', () => {
  // Up to 45 s for the callback's one attempt to reach the Debugger under a loaded make test.
  test(
    'URLs are saved on My Numbers, and a refused callback shows on the Debugger',
    { timeout: 120_000 },
    async () => {
      const { client, token, offer } = await clientWithNumber(
        'Hugo Hooks',
        PASSWORD,
        'e2e-hooks',
        '20',
      );
      const { page, context } = await openSignedIn(browser(), client.email, PASSWORD);
      await page.goto('/client/my-numbers');
      const row = page.getByRole('row').filter({ hasText: offer.number });
      await row.getByRole('button', { name: `Actions for ${offer.number}` }).click();
      await page.getByRole('menuitem', { name: 'Voice & SMS URLs' }).click();
      let dialog = page.getByRole('dialog', { name: 'Voice & SMS URLs' });
      await dialog.getByLabel('Voice URL').fill('ftp://app.example.com/voice');
      await dialog.getByRole('button', { name: 'Save URLs' }).click();
      await dialog.getByText('Use an http:// or https:// URL of at most 2048 characters').waitFor();
      await dialog.getByLabel('Voice URL').fill('https://app.example.com/voice');
      await dialog.getByLabel('Method', { exact: true }).selectOption('GET');
      await dialog.getByLabel('SMS URL').fill('https://app.example.com/sms');
      await dialog.getByLabel('SMS method').selectOption('GET');
      await dialog.getByRole('button', { name: 'Save URLs' }).click();
      await page.getByText(`URLs of ${offer.number} saved`).waitFor();
      // Saved on the server: the dialog opened again after a reload shows them.
      await page.reload();
      await row.getByRole('button', { name: `Actions for ${offer.number}` }).click();
      await page.getByRole('menuitem', { name: 'Voice & SMS URLs' }).click();
      dialog = page.getByRole('dialog', { name: 'Voice & SMS URLs' });
      await expect
        .poll(() => dialog.getByLabel('Voice URL').inputValue())
        .toBe('https://app.example.com/voice');
      expect(await dialog.getByLabel('Method', { exact: true }).inputValue()).toBe('GET');
      expect(await dialog.getByLabel('SMS URL').inputValue()).toBe('https://app.example.com/sms');
      expect(await dialog.getByLabel('SMS method').inputValue()).toBe('GET');
      await page.keyboard.press('Escape');

      // A message with a status callback to localhost, through the Twilio-compatible API.
      const { accountSid } = await api<{ accountSid: string }>(
        'GET',
        '/developer',
        undefined,
        token,
      );
      const { authToken } = await api<{ authToken: string }>(
        'POST',
        '/developer/auth-token/reveal',
        { password: PASSWORD },
        token,
      );
      const form = new URLSearchParams({
        To: '+14155552671',
        From: offer.number,
        Body: 'Debug me',
        StatusCallback: 'http://localhost:9/status',
      });
      const sent = await fetch(`${baseUrl()}/2010-04-01/Accounts/${accountSid}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
      });
      expect(sent.status, await sent.text()).toBe(201);

      await page.getByRole('link', { name: 'Debugger' }).click();
      await page.getByRole('heading', { name: 'Debugger', level: 1 }).waitFor();
      const events = page.getByRole('table', { name: 'Debugger events' });
      // Counted once the page's data is in: counted right after a reload, the table was
      // still loading, and every attempt missed an entry that was there after a second.
      for (let i = 0; i < 45; i += 1) {
        await settle(page);
        if ((await events.getByText('http://localhost:9/status').count()) > 0) break;
        await page.waitForTimeout(1000);
        await page.reload();
      }
      const entry = events
        .getByRole('row')
        .filter({ hasText: 'http://localhost:9/status' })
        .first();
      await entry.getByText('Webhook').waitFor();
      await entry.getByRole('button', { name: /^Details of the Webhook/ }).click();
      await page.getByText('MessageStatus').first().waitFor();
      await context.close();
    },
  );
});
