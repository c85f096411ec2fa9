// A browser call to the account's own IVR number: the carrier sends the call back in
// (as the network does with a call to one of Dialtone's numbers), Dialtone's IVR
// endpoint answers through rtpengine, the caller presses 1 on the page's keypad and
// leaves a message, and the voicemail holds the fake microphone's tone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchPhoneBrowser, phoneApi, signedInAt, wavStats } from './phone-accounts';
import { startPhoneSwitch, type PhoneSwitch } from './phone-switch';

let phone: PhoneSwitch;
let browser: Browser;
let api: ReturnType<typeof phoneApi>;

const FLOW = {
  name: 'Messages',
  start: 'main',
  steps: {
    main: {
      type: 'menu',
      prompt: 'Press 1 to leave a message',
      options: { '1': 'vm' },
      timeoutSeconds: 10,
      retries: 1,
    },
    vm: { type: 'voicemail', greeting: 'Leave a message after the beep', maxSeconds: 60 },
  },
};

beforeAll(async () => {
  phone = await startPhoneSwitch(true);
  api = phoneApi(phone.baseUrl);
  browser = await launchPhoneBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  phone?.stop();
});

describe('the browser phone and IVR', () => {
  test('calls its own IVR number, presses 1 and leaves a message that holds its voice', async () => {
    const client = await api.clientWithNumber('40');
    const flow = await api.call<{ id: number }>('POST', '/ivr/flows', FLOW, client.token);
    await api.call(
      'PUT',
      `/numbers/${client.numberId}/route`,
      { devices: [], ivrFlowId: flow.id },
      client.token,
    );

    const { context, page } = await signedInAt(browser, phone.baseUrl, client.email);
    await page.goto('/client/phone');
    await page.getByText('Ready to call').waitFor({ timeout: 20_000 });
    await page.getByLabel('Number to call').fill(client.number);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    await page.getByText('Connected').waitFor({ timeout: 20_000 });
    // The menu's prompt, then 1 on the page's keypad, the greeting and the beep.
    await page.waitForTimeout(3000);
    await page
      .getByRole('group', { name: 'Keypad' })
      .getByRole('button', { name: '1', exact: true })
      .click();
    await page.waitForTimeout(4000);
    // Three seconds of message, then hang up.
    await page.waitForTimeout(3000);
    await page.getByRole('button', { name: 'Hang up' }).click();

    let voicemails: { id: number; durationMs?: number }[] = [];
    for (let i = 0; i < 50 && voicemails.length === 0; i++) {
      voicemails = await api.call('GET', '/ivr/voicemails', undefined, client.token);
      if (voicemails.length === 0) await page.waitForTimeout(200);
    }
    expect(voicemails).toHaveLength(1);
    const response = await fetch(`${phone.baseUrl}/api/ivr/voicemails/${voicemails[0].id}/audio`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(response.status).toBe(200);
    const { seconds, rms } = wavStats(Buffer.from(await response.arrayBuffer()));
    // The message lasted about three seconds and is the tone, not silence.
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(8);
    expect(rms).toBeGreaterThan(1000);
    // Both legs billed: the call out (the caller's) and the call in (the number's).
    let calls: { items: { type: string; cost: number }[] } = { items: [] };
    for (let i = 0; i < 50 && calls.items.length < 2; i++) {
      calls = await api.call('GET', '/calls?pageSize=5', undefined, client.token);
      if (calls.items.length < 2) await page.waitForTimeout(200);
    }
    expect(calls.items.map((c) => c.type).sort()).toEqual(['inbound', 'outbound']);
    expect(calls.items.every((c) => c.cost > 0)).toBe(true);
    await context.close();
  }, 90_000);
});
