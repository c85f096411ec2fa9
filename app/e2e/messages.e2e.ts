// The client's Messages page against the real server: a text the demo data sent from the
// demo client's number shows as a conversation and opens as a thread of bubbles; the page
// passes axe and fits a 375 px phone with the thread open.
import { describe, expect, test } from 'vitest';
import { pageScrollsSideways } from './accounts';
import { baseUrl, sharedBrowser } from './browser';
import { areaContext } from './routes';
import { atPhoneAndWide, seriousViolations } from './axe';

// Sent by the demo data (server/tools/demo.rs).
const RECIPIENT = '+447700900321';
const TEXT = 'Thanks for the call today.';

const browser = sharedBrowser();

describe('Messages', () => {
  test('the demo client’s sent SMS shows as a conversation and opens as its thread, on a phone and wide', async () => {
    await atPhoneAndWide(
      (options) => areaContext(browser(), baseUrl(), 'client', options),
      async (page, viewport) => {
        await page.goto('/client/messages');
        const list = page.getByRole('region', { name: 'Conversations' });
        const item = list.getByRole('link').filter({ hasText: RECIPIENT });
        await item.waitFor();
        await item.click();
        const thread = page.getByRole('region', { name: RECIPIENT, exact: true });
        await thread.getByText(TEXT).waitFor();
        const back = page.getByRole('link', { name: 'Back to conversations' });
        expect(await back.isVisible()).toBe(viewport.width < 1024);
        // A phone shows the thread in place of the list; a wide screen shows both.
        expect(await list.isVisible()).toBe(viewport.width >= 1024);
        if (viewport.width >= 1024) expect(await item.getAttribute('aria-current')).toBe('true');
        expect(await pageScrollsSideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
        if (viewport.width < 1024) {
          await back.click();
          await list.waitFor();
          expect(await thread.count()).toBe(0);
        }
      },
    );
  });

  test('a reply in the demo conversation goes from its number and appears in the thread', async () => {
    const context = await areaContext(browser(), baseUrl(), 'client', {
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const reply = `On my way (${Date.now()})`;
    try {
      await page.goto('/client/messages');
      const list = page.getByRole('region', { name: 'Conversations' });
      await list.getByRole('link').filter({ hasText: RECIPIENT }).click();
      const thread = page.getByRole('region', { name: RECIPIENT, exact: true });
      await thread.getByText(TEXT).waitFor();
      const form = page.getByRole('form', { name: `Reply to ${RECIPIENT}` });
      await form.getByLabel('Reply').fill(reply);
      await form.getByText(/^Cost: \$/).waitFor();
      await form.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Message sent').waitFor();
      await thread.getByRole('listitem').filter({ hasText: reply }).waitFor();
      expect(await form.getByLabel('Reply').inputValue()).toBe('');
      await list.getByRole('link').filter({ hasText: reply }).waitFor();
    } finally {
      await context.close();
    }
  });
});
