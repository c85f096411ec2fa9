// IVR call flows in the browser against the real server: a new client builds a flow
// whose validation error core reports live, fixes it, saves it, walks it in the test
// call (core's executor through wasm), routes a number to it in My Numbers (charged
// monthly), and the editor passes axe and fits a 375 px phone.
import { describe, expect, test } from 'vitest';
import { api } from './api';
import { clientWithNumber, newClient, pageScrollsSideways, signIn } from './accounts';
import { baseUrl, open, sharedBrowser } from './browser';
import { openCallRouting } from './call-routing';
import { atPhoneAndWide, seriousViolations } from './axe';

const browser = sharedBrowser();

describe('IVR flows', () => {
  test('build a flow with a live validation error, fix it, save it, walk it, route a number to it', async () => {
    const password = 'ivr-e2e-pass-1';
    const { client, token, offer } = await clientWithNumber(
      'Ivy Flow',
      password,
      'e2e-ivr',
      '50.00',
    );

    const { page, context } = await open(browser(), '/');
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, client.email, password);
      await page.goto('/client');
      await page.getByRole('link', { name: 'IVR flows' }).click();
      await page.getByRole('heading', { name: 'IVR flows', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'New flow' }).click();
      await page.getByRole('heading', { name: 'New IVR flow', level: 1 }).waitFor();

      // Core's problems as you type: the name first, then an emptied menu prompt.
      const summary = page.getByTestId('flow-problems');
      const save = page.getByRole('button', { name: 'Save flow' });
      await summary.getByText('Enter a name for the flow').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await page.getByLabel('Flow name').fill('Reception');
      await summary.getByText('No problems: the flow is ready to save.').waitFor();
      const prompt = page.getByLabel('Menu prompt');
      const greeting = await prompt.inputValue();
      await prompt.fill('');
      const problem = "Step 'main': enter the menu prompt or choose an audio file";
      await page.getByRole('list', { name: 'Problems of main' }).getByText(problem).waitFor();
      await summary.getByText(problem).waitFor();
      expect(await save.isDisabled()).toBe(true);
      await prompt.fill(greeting);
      await summary.getByText('No problems: the flow is ready to save.').waitFor();

      await save.click();
      await page.getByText('Reception saved').waitFor();
      await page.waitForURL(/\/client\/ivr\/\d+$/);
      const flowId = Number(page.url().split('/').pop());
      await page.getByRole('heading', { name: 'Reception', level: 1 }).waitFor();

      // The test call: the menu, key 2, the voicemail greeting, a message left.
      await page.getByRole('button', { name: 'Start test call' }).click();
      const transcript = page.getByRole('log', { name: 'Call transcript' });
      await transcript.getByText(greeting, { exact: false }).waitFor();
      await page
        .getByRole('group', { name: 'Keypad' })
        .getByRole('button', { name: 'Key 2' })
        .click();
      await transcript.getByText('Records up to 120 s').waitFor();
      expect(await page.getByTestId('call-path').textContent()).toBe('Path: main → 2 → message');
      const onCall = page.locator('[data-step="message"] > button');
      expect(await onCall.textContent()).toContain('on the call');
      await page.getByRole('button', { name: 'End the message' }).click();
      await page.getByText('Call ended').waitFor();

      // Route the number to the flow: charged at the monthly price shown.
      await page.goto('/client/my-numbers');
      const dialog = await openCallRouting(page, offer.number);
      await dialog.getByRole('radio', { name: 'Answer with an IVR flow' }).check();
      await dialog
        .getByTestId('ivr-price')
        .getByText(/\$29\.99\/month/)
        .waitFor();
      await dialog.getByLabel('IVR flow', { exact: true }).selectOption({ label: 'Reception' });
      const before = await api<{ user: { balance: number } }>(
        'GET',
        '/user/info',
        undefined,
        token,
      );
      await dialog.getByRole('button', { name: 'Save Routing' }).click();
      await page.getByText(`Routing of ${offer.number} saved`).waitFor();
      const route = await api<{ ivrFlowId: number | null }>(
        'GET',
        `/numbers/${offer.id}/route`,
        undefined,
        token,
      );
      expect(route.ivrFlowId).toBe(flowId);
      const after = await api<{ user: { balance: number } }>('GET', '/user/info', undefined, token);
      expect(Math.round((before.user.balance - after.user.balance) * 100)).toBe(2999);

      // The flow now answers that number: the list and the editor say so.
      await page.goto('/client/ivr');
      await page
        .getByRole('row')
        .filter({ hasText: 'Reception' })
        .getByText(offer.number)
        .waitFor();
      await page.goto(`/client/ivr/${flowId}`);
      await page.getByText(`Answers calls to ${offer.number}.`).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the editor passes axe and fits the screen, on a phone and wide', async () => {
    const password = 'ivr-e2e-pass-2';
    const client = await newClient('Ivo Axe', password, 'e2e-ivr-axe');
    await atPhoneAndWide(
      (options) => browser().newContext({ baseURL: baseUrl(), ...options }),
      async (page) => {
        await signIn(page, client.email, password);
        await page.goto('/client/ivr/new');
        await page.getByLabel('Flow name').fill('Axe check');
        await page.getByLabel('New step').selectOption('hours');
        await page.getByRole('button', { name: 'Add step' }).click();
        await page.getByRole('button', { name: 'Start test call' }).waitFor();
        expect(await pageScrollsSideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
      },
    );
  });
});
