// The whole SMS loop over SMPP in Chromium: the demo client sends a text from Send SMS,
// sees it sent, then delivered once the SMSC's delivery receipt arrives; the SMSC then
// delivers the recipient's reply to the client's number, and the Messages page shows it
// in the conversation beside the text that was sent.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { submitLogin } from './accounts';
import { DEMO_CLIENT } from './api';
import { sharedBrowser } from './browser';
import { startSmppServer, type SmppServer } from './smpp-server';

const RECIPIENT = '+447700900777';
const TEXT = `Dinner at eight? (${Date.now()})`;
const REPLY = 'Yes, see you there!';

interface Submit {
  text: string;
  message_id: string | null;
  source_addr: string;
  destination_addr: string;
}

const browser = sharedBrowser();
let smpp: SmppServer;

beforeAll(async () => {
  smpp = await startSmppServer();
}, 60_000);

afterAll(() => smpp?.stop());

describe('SMS over SMPP', () => {
  test('a text goes from sent to delivered, and the reply shows in its conversation', async () => {
    const context = await browser().newContext({
      baseURL: smpp.baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await submitLogin(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
      await page.waitForURL(`${smpp.baseUrl}/`);
      await page.goto('/client/send-sms');
      await page.getByLabel('Recipient', { exact: true }).fill(RECIPIENT);
      await page.getByLabel('Message', { exact: true }).fill(TEXT);
      await page.getByText(/^Cost: \$\d+\.\d{2} \(1 part to /).waitFor();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText('Message sent', { exact: true }).waitFor();

      // Submitted over the link and accepted by the SMSC: sent.
      const recent = page.getByRole('region', { name: 'Recent messages' });
      const item = recent.getByRole('listitem').filter({ hasText: TEXT });
      await item.getByText('sent', { exact: true }).waitFor();
      const submits = await smpp.control<Submit[]>('GET', '/pdus');
      const submit = submits.find((p) => p.text === TEXT);
      expect(submit?.destination_addr).toBe(RECIPIENT.slice(1));
      expect(submit?.message_id).toBeTruthy();

      // The SMSC's receipt: delivered.
      await smpp.control('POST', '/receipt', {
        message_id: submit!.message_id,
        stat: 'DELIVRD',
        err: '000',
      });
      await item.getByText('delivered', { exact: true }).waitFor();

      // The recipient answers the number the text came from.
      await smpp.control('POST', '/deliver', {
        from: submit!.destination_addr,
        to: submit!.source_addr,
        text: REPLY,
      });
      await page.goto('/client/messages');
      const list = page.getByRole('region', { name: 'Conversations' });
      const conversation = list.getByRole('link').filter({ hasText: RECIPIENT });
      await expect
        .poll(
          async () => {
            if (await conversation.getByText(REPLY).count()) return true;
            await page.reload();
            await list.waitFor();
            return false;
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(true);
      await conversation.click();
      const thread = page.getByRole('region', { name: RECIPIENT, exact: true });
      await thread.getByText(TEXT).waitFor();
      await thread.getByText(REPLY).waitFor();
      await thread.getByText('delivered', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
