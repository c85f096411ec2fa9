// Two-factor sign-in in the browser: a client sets it up in Settings (the key read off
// the page into an authenticator, here RFC 6238 computed by the test), keeps its
// recovery codes, and signs in again with a code, then with a recovery code.
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { newClient, signIn, submitLogin } from './accounts';
import { baseUrl, open, sharedBrowser } from './browser';

const browser = sharedBrowser();

/** RFC 4648 base32 to bytes. */
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The authenticator's 6-digit code (SHA-1, 30 s steps), `steps` steps from now. */
function totp(secret: string, steps = 0): string {
  const counter = Math.floor(Date.now() / 1000 / 30) + steps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', base32(secret)).update(message).digest();
  const offset = hmac[hmac.length - 1] & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

describe('two-factor sign-in', () => {
  test('set it up in Settings, then sign in with a code and with a recovery code', async () => {
    const password = 'two-factor-e2e-pass-1';
    const client = await newClient('Tess Factor', password, 'e2e-2fa');
    const { page, context } = await open(browser(), '/');
    await signIn(page, client.email, password);
    await page.goto('/client/settings');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Off: signing in asks only for your password.').waitFor();
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const confirm = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await confirm.getByLabel('Account password').fill(password);
    await confirm.getByRole('button', { name: 'Continue' }).click();

    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await section.getByTestId('two-factor-secret').textContent())!;
    await section.getByLabel('Code from the app').fill(totp(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('region', { name: 'Recovery codes' });
    await codes.waitFor();
    const recovery = await codes.getByRole('listitem').allTextContents();
    expect(recovery).toHaveLength(10);
    await codes.getByRole('button', { name: 'Done' }).click();
    await section.getByText(/^On: signing in asks for a code/).waitFor();

    // Signing in again: the password, then the code.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await submitLogin(page, client.email, password);
    const second = page.getByRole('form', { name: 'Two-factor sign-in' });
    await second.getByLabel('Authentication code').fill(totp(secret, 1));
    await second.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByText('Logged in successfully').first().waitFor();

    // A recovery code signs in once.
    await page.goto('/client/settings');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await submitLogin(page, client.email, password);
    await second.getByLabel('Authentication code').fill(recovery[0]);
    await second.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });
});
