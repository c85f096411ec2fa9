// The API page in the browser: a client creates an API key (its secret shown once, gone
// after a reload), uses it against the Twilio-compatible REST API, revokes it (refused at
// once), and reveals the auth token after entering the account password; and chooses
// how long its recordings are kept.
import { describe, expect, test } from 'vitest';
import { newClient, signIn } from './accounts';
import { baseUrl, open, sharedBrowser } from './browser';

const browser = sharedBrowser();

/** The status of a REST API call made with HTTP Basic credentials, as the SDKs make it. */
async function balanceStatus(accountSid: string, user: string, secret: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/2010-04-01/Accounts/${accountSid}/Balance.json`, {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}` },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('API page', () => {
  test('create a key, see its secret once, revoke it, reveal the auth token', async () => {
    const password = 'developer-e2e-pass-1';
    const client = await newClient('Dana Developer', password, 'e2e-api');
    const { page, context } = await open(browser(), '/');
    await signIn(page, client.email, password);
    await page.goto('/client');
    await page.getByRole('link', { name: 'API', exact: true }).click();
    await page.getByRole('heading', { name: 'API', level: 1 }).waitFor();

    const accountSid = (await page.getByTestId('account-sid').textContent())!;
    expect(accountSid).toMatch(/^AC[0-9a-f]{32}$/);
    await page.getByText('No API keys yet', { exact: false }).waitFor();
    await page.getByText('No webhook deliveries yet.').waitFor();
    // The examples carry this server and this account.
    await page
      .getByRole('tabpanel')
      .getByText(`${baseUrl()}/2010-04-01/Accounts/${accountSid}/Messages.json`, {
        exact: false,
      })
      .first()
      .waitFor();

    // Core's rule as typed: no name, no request.
    await page.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API Key' });
    await create.getByRole('button', { name: 'Create key' }).click();
    await create.getByText('Give the key a name').waitFor();
    await create.getByText('Enter your account password').waitFor();
    await create.getByLabel('Name').fill('Billing service');
    // A wrong password is refused by the server, under its field: no key is made.
    await create.getByLabel('Account password').fill('not-my-password');
    await create.getByRole('button', { name: 'Create key' }).click();
    await create.getByText('Current password is incorrect').waitFor();
    await create.getByLabel('Account password').fill(password);
    await create.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'API key "Billing service" created' });
    await shown.getByText('it will not be shown again', { exact: false }).waitFor();
    const sid = (await shown.getByTestId('new-key-sid').textContent())!;
    const secret = (await shown.getByTestId('new-key-secret').textContent())!;
    expect(sid).toMatch(/^SK[0-9a-f]{32}$/);
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.getByText(secret).count()).toBe(0);

    const row = page.getByRole('row', { name: /Billing service/ });
    await row.getByText(sid).waitFor();
    await page.reload();
    await row.getByText('Never').waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    // The secret works with the REST API, and stops working once the key is revoked.
    expect(await balanceStatus(accountSid, sid, secret)).toBe(200);
    // Its use shows as its last use.
    await page.reload();
    await row.getByText(sid).waitFor();
    expect(await row.getByText('Never').count()).toBe(0);
    await row.getByRole('button', { name: 'Revoke Billing service' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke API Key' });
    await revoke.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Billing service revoked').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No API keys yet', { exact: false }).waitFor();
    expect(await balanceStatus(accountSid, sid, secret)).toBe(401);

    // The auth token: masked, then revealed after the password (a wrong one is refused).
    const token = page.getByTestId('auth-token');
    const masked = (await token.textContent())!;
    const hint = masked.slice(-4);
    expect(hint).toMatch(/^[0-9a-f]{4}$/);
    await page.getByRole('button', { name: 'Reveal Auth Token' }).click();
    const reveal = page.getByRole('dialog', { name: 'Reveal Auth Token' });
    await reveal.getByLabel('Account password').fill('not-my-password');
    await reveal.getByRole('button', { name: 'Reveal' }).click();
    await reveal.getByText('Current password is incorrect').waitFor();
    await reveal.getByLabel('Account password').fill(password);
    await reveal.getByRole('button', { name: 'Reveal' }).click();
    await reveal.waitFor({ state: 'detached' });
    const authToken = (await token.textContent())!;
    expect(authToken).toMatch(/^[0-9a-f]{32}$/);
    expect(authToken.endsWith(hint)).toBe(true);
    expect(await balanceStatus(accountSid, accountSid, authToken)).toBe(200);
    await context.close();
  });

  test('what a recording costs is shown, and how long recordings are kept is saved', async () => {
    const password = 'developer-e2e-pass-2';
    const client = await newClient('Rhea Recorder', password, 'e2e-recordings');
    const { page, context } = await open(browser(), '/');
    await signIn(page, client.email, password);
    await page.goto('/client/api');
    const form = page.getByRole('form', { name: 'Recordings' });
    await form.getByText('per started minute', { exact: false }).waitFor();
    const keep = form.getByLabel('Keep recordings for');
    expect(await keep.inputValue()).toBe('0');
    await keep.selectOption('90');
    await form.getByRole('button', { name: 'Save retention' }).click();
    await page.getByText('Recording retention saved').waitFor();
    // Kept on the server: the page loaded again shows it.
    await page.reload();
    await expect.poll(() => page.getByLabel('Keep recordings for').inputValue()).toBe('90');
    await context.close();
  });
});
