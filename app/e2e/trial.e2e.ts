// The free trial in the browser: sign up, see the days left, verify a number with the
// code the (loopback) carrier delivered, read on the page's Demo phone as a newcomer on
// `make run` would, and send a trial SMS with the trial credit.
import { describe, expect, test } from 'vitest';
import { signUpThenIn } from './accounts';
import { uniqueEmail } from './api';
import { baseUrl, open, sharedBrowser } from './browser';

const PASSWORD = 'trial-e2e-pass-1';
const PHONE = '+14155550177';

const browser = sharedBrowser();

describe('free trial', () => {
  test('sign up, see the days left, verify a number and send a trial SMS', async () => {
    const { page, context } = await open(browser(), '/signup');
    const email = uniqueEmail('e2e-trial');
    await signUpThenIn(page, baseUrl(), { name: 'Tria Lee', email, password: PASSWORD });

    await page.goto('/client');
    const trial = page.getByRole('region', { name: /Free trial/ });
    expect(await trial.getByTestId('trial-days-left').textContent()).toBe('7 days left');
    await trial.getByText('Verify your phone number to get $5.00 of trial credit').waitFor();

    // A malformed number is refused by core as it is typed, before any request.
    await trial.getByLabel('Phone number to verify').fill('415555');
    await trial.getByRole('button', { name: 'Send code' }).click();
    await trial.getByText('Enter the number in international format, e.g. +14155550123').waitFor();

    await trial.getByLabel('Phone number to verify').fill(PHONE);
    await trial.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a code to ${PHONE}.`).first().waitFor();
    // The new code field shows no error before anything is typed, and a resend waits.
    expect(await trial.getByText('Verification code is required').count()).toBe(0);
    await trial.getByRole('button', { name: /^Resend code in \d+s$/ }).waitFor();
    expect(await trial.getByRole('button', { name: /^Resend code/ }).isDisabled()).toBe(true);
    // The code arrives on the Demo phone (the loopback carrier's messages for this account).
    const demo = trial.getByRole('region', { name: 'Demo phone' });
    const message = demo
      .getByRole('listitem')
      .filter({ hasText: `To ${PHONE}` })
      .first();
    await message.waitFor();
    const code = /code is (\d{6})\./.exec((await message.textContent()) ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await trial.getByLabel('Verification code').fill(code!);
    await trial.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`${PHONE} is verified`).waitFor();
    await trial.getByText(/Your \$5\.00 trial credit pays for calls and SMS/).waitFor();
    await trial.getByText(PHONE, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Balance $5.00' }).waitFor();

    await page.goto('/client/send-sms');
    await page.getByRole('heading', { name: 'Send SMS' }).waitFor();
    await page.getByLabel('Recipient', { exact: true }).fill(PHONE);
    await page.getByLabel('Message', { exact: true }).fill('Hello from my trial');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Message sent', { exact: true }).waitFor();
    const recent = page.getByRole('region', { name: 'Recent messages' });
    const item = recent.getByRole('listitem').filter({ hasText: PHONE });
    await item.getByText('Dialtone trial: Hello from my trial').waitFor();

    // Texting a number that was not verified is refused with core's message.
    await page.getByLabel('Recipient', { exact: true }).fill('+14155550999');
    await page.getByLabel('Message', { exact: true }).fill('Not allowed');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(/you can call and text only numbers you have verified/).waitFor();
    await context.close();
  });
});
