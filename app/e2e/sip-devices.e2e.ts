// SIP devices in the browser: a client creates credentials (the password shown once),
// sees the device's registration once the switch reports one, and deletes it after a
// confirmation.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { api, DEMO_CLIENT } from './api';
import { clientWithNumber, signIn } from './accounts';
import { baseUrl, dataDir, open, sharedBrowser } from './browser';
import { openCallRouting } from './call-routing';

const browser = sharedBrowser();

/** What Kamailio posts when a device registers, with the token it was started with. */
async function reportRegistration(username: string): Promise<void> {
  const token = (await readFile(join(dataDir(), 'switch_token'), 'utf8')).trim();
  const response = await fetch(`${baseUrl()}/api/telephony/sip/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      username,
      contact: `<sip:${username}@192.0.2.10:5062>`,
      source: 'udp:192.0.2.10:5062',
      expires: 300,
    }),
  });
  expect(response.status, await response.text()).toBe(204);
}

/** The code the loopback carrier last "delivered" to `number` (its record in the data dir). */
async function lastCodeTo(number: string): Promise<string> {
  const outbox = await readFile(join(dataDir(), 'loopback-sms.jsonl'), 'utf8');
  const sent = outbox
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((m) => m.to === number);
  const code = /code is (\d{6})\./.exec(sent.at(-1)?.text ?? '')?.[1];
  expect(code, outbox).toMatch(/^\d{6}$/);
  return code!;
}

describe('SIP devices', () => {
  test('create credentials, see the registration, delete the device', async () => {
    const { page, context } = await open(browser(), '/');
    await signIn(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
    await page.goto('/client');
    await page.getByRole('link', { name: 'SIP Devices' }).click();
    await page.getByRole('heading', { name: 'SIP Devices', level: 1 }).waitFor();

    // Core's rule, as typed: no request is made for a malformed username.
    await page.getByLabel('Username').fill('1x');
    await page.getByRole('button', { name: 'Create Device' }).click();
    await page
      .getByText(
        'Use 4 to 32 lowercase letters, digits, dots, dashes or underscores, starting with a letter',
      )
      .waitFor();
    expect(await page.getByLabel('Username').evaluate((e) => e === document.activeElement)).toBe(
      true,
    );

    const username = `desk-${Date.now()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Caller ID', { exact: true }).selectOption('+14155550100');
    // A signed-in session alone makes no credentials: the account password is asked.
    await page.getByRole('button', { name: 'Create Device' }).click();
    await page.getByText('Enter your account password').waitFor();
    await page.getByLabel('Account password').fill(DEMO_CLIENT.password);
    await page.getByRole('button', { name: 'Create Device' }).click();
    const panel = page.getByRole('region', { name: 'New device credentials' });
    await panel.waitFor();
    const password = await panel.getByTestId('sip-setting-Password').textContent();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(await panel.getByTestId('sip-setting-Authentication realm').textContent()).toBe(
      'dialtone',
    );
    // Everything a softphone asks for, from the server's configuration.
    expect(await panel.getByTestId('sip-setting-SIP server (domain)').textContent()).toBe(
      '127.0.0.1',
    );
    expect(await panel.getByTestId('sip-setting-Transports').textContent()).toBe('UDP, TCP, WS');
    await panel.getByRole('button', { name: 'Copy Password' }).waitFor();
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await page.getByText(password!).count()).toBe(0);

    const row = page.getByRole('row', { name: new RegExp(username) });
    await row.getByText('Not registered').waitFor();
    await reportRegistration(username);
    await page.reload();
    await row.getByText('Registered', { exact: true }).waitFor();
    await row.getByText('from udp:192.0.2.10:5062').waitFor();

    // The same username again is refused with the server's field message.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Account password').fill(DEMO_CLIENT.password);
    await page.getByRole('button', { name: 'Create Device' }).click();
    await page.getByText('This username is already taken').waitFor();
    // The page says where the switch is and how three common softphones take it.
    await page.getByRole('heading', { name: 'Connection settings' }).waitFor();
    await page.getByText('Zoiper', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Delete ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Device' });
    await dialog.getByRole('button', { name: 'Delete Device' }).click();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  test("the caller ID rule: a phone's number not the account's is replaced, kept after a reload", async () => {
    const password = 'caller-id-e2e-pass-1';
    const { client, token } = await clientWithNumber('Cal Rule', password, 'e2e-callerid', '5.00');
    const { page, context } = await open(browser(), '/');
    await signIn(page, client.email, password);
    await page.goto('/client/sip-devices');
    const refuse = page.getByRole('radio', { name: /Refuse the call/ });
    const replace = page.getByRole('radio', { name: /Send it with the device's caller ID/ });
    await refuse.waitFor();
    expect(await refuse.isChecked()).toBe(true);
    await replace.click();
    await page.getByText('Caller ID rule saved').waitFor();
    await page.reload();
    await replace.waitFor();
    expect(await replace.isChecked()).toBe(true);
    const rule = await api<{ replace: boolean }>('GET', '/sip/caller-id-rule', undefined, token);
    expect(rule.replace).toBe(true);
    await context.close();
  });

  test('a number rings only the devices its call routing names', async () => {
    const password = 'routing-e2e-pass-1';
    const { client, token, offer } = await clientWithNumber(
      'Rita Route',
      password,
      'e2e-route',
      '10.00',
    );
    for (const username of [`desk-${client.id}`, `cell-${client.id}`]) {
      await api('POST', '/sip/devices', { username, callerId: offer.number, password }, token);
    }

    const { page, context } = await open(browser(), '/');
    await signIn(page, client.email, password);
    await page.goto('/client/my-numbers');
    const dialog = await openCallRouting(page, offer.number);
    await dialog.getByText('None chosen: calls ring all of your devices.').waitFor();
    await dialog.getByRole('checkbox', { name: `cell-${client.id}` }).check();
    await dialog.getByText('Calls ring 1 of your 2 devices.').waitFor();
    await dialog.getByRole('button', { name: 'Save Routing' }).click();
    await page.getByText(`Routing of ${offer.number} saved`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await openCallRouting(page, offer.number);
    expect(await dialog.getByRole('checkbox', { name: `cell-${client.id}` }).isChecked()).toBe(
      true,
    );
    expect(await dialog.getByRole('checkbox', { name: `desk-${client.id}` }).isChecked()).toBe(
      false,
    );

    // Forwarding instead: core's rule answers as you save, then the forward is kept.
    await dialog.getByRole('radio', { name: 'Forward to a phone number' }).check();
    const forward = dialog.getByLabel('Forward to', { exact: true });
    await forward.fill(offer.number);
    await dialog.getByRole('button', { name: 'Save Routing' }).click();
    await dialog.getByText('A number cannot forward its calls to itself').waitFor();
    await forward.fill('+1 212 555 0199');
    await dialog.getByRole('button', { name: 'Save Routing' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api<{ forwardTo: string | null }>(
      'GET',
      `/numbers/${offer.id}/route`,
      undefined,
      token,
    );
    expect(saved.forwardTo).toBe('+12125550199');
    await context.close();
  });

  test('a number of mine elsewhere, verified by the code texted to it, then removed', async () => {
    const password = 'verified-e2e-pass-1';
    const outside = '+13125550177';
    const { client, token } = await clientWithNumber('Vera Fied', password, 'e2e-verified', '5.00');
    const { page, context } = await open(browser(), '/');
    await signIn(page, client.email, password);
    await page.goto('/client/sip-devices');
    const section = page.getByRole('region', { name: 'Verified numbers' });
    await section.getByText('No verified numbers yet.').waitFor();
    await section.getByLabel('Phone number to verify').fill(outside);
    await section.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a code to ${outside}.`).first().waitFor();
    await section.getByLabel('Verification code').fill(await lastCodeTo(outside));
    await section.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`${outside} is verified`).waitFor();
    const item = section.getByRole('listitem').filter({ hasText: outside });
    await item.waitFor();
    await item.getByRole('button', { name: `Remove ${outside}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Verified Number' });
    await dialog.getByRole('button', { name: 'Remove Verified Number' }).click();
    await section.getByText('No verified numbers yet.').waitFor();
    const left = await api<{ numbers: unknown[] }>(
      'GET',
      '/sip/verified-caller-ids',
      undefined,
      token,
    );
    expect(left.numbers).toEqual([]);
    await context.close();
  });
});
