// The Call Routing dialog of a number, reached as a customer does: from the number's
// actions menu on My Numbers.
import type { Locator, Page } from 'playwright-core';

/** On My Numbers (the page shown), opens the Call Routing dialog of `number`; the dialog. */
export async function openCallRouting(page: Page, number: string): Promise<Locator> {
  const row = page.getByRole('row').filter({ hasText: number });
  await row.getByRole('button', { name: `Actions for ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Call Routing' }).click();
  return page.getByRole('dialog', { name: 'Call Routing' });
}
