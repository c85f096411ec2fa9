// An empty submit puts the focus on the first invalid field on screen, in every form a
// person fills from scratch (core reports errors in name order, not screen order).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_CLIENT } from './api';
import { baseUrl, open, sharedBrowser } from './browser';

const browser = sharedBrowser();

interface FormCase {
  path: string;
  form: string;
  submit: string;
  first: string;
}

const publicForms: FormCase[] = [
  { path: '/signup', form: 'Create account', submit: 'Create account', first: 'Full name' },
  { path: '/login', form: 'Sign in', submit: 'Sign in', first: 'Email address' },
  { path: '/contact', form: 'Contact us', submit: 'Send Message', first: 'Name' },
  {
    path: '/forgot-password',
    form: 'Reset password',
    submit: 'Send reset link',
    first: 'Email address',
  },
];

const clientForms: FormCase[] = [
  { path: '/client/send-sms', form: 'Send SMS', submit: 'Send', first: 'Recipient' },
  {
    path: '/client/settings',
    form: 'Change password',
    submit: 'Change password',
    first: 'Current password',
  },
];

async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el?.id) return null;
    return document.querySelector(`label[for="${el.id}"]`)?.textContent?.trim() ?? null;
  });
}

async function check(page: Page, c: FormCase) {
  await page.goto(c.path);
  const form = page.getByRole('form', { name: c.form });
  await form.getByRole('button', { name: c.submit, exact: true }).click();
  await expect
    .poll(() => focusedLabel(page), { timeout: 5_000 })
    .toMatch(new RegExp(`^${c.first}\\b`));
}

describe('form focus', () => {
  test('public forms focus their first field after an empty submit', async () => {
    const { page, context } = await open(browser(), '/');
    for (const c of publicForms) await check(page, c);
    await context.close();
  });

  test('client forms focus their first field after an empty submit', async () => {
    const { page, context } = await open(browser(), '/login');
    await page.getByLabel('Email address').fill(DEMO_CLIENT.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_CLIENT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    for (const c of clientForms) await check(page, c);
    await context.close();
  });
});
