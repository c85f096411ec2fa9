// Rate decks in the browser against the real server: the demo administrator chooses a
// deck with an error, which core's reader shows by line before anything is uploaded,
// fixes it, uploads it, previews it, applies it, and finds it in force in the history;
// the page passes axe and fits a 375 px phone.
import { describe, expect, test } from 'vitest';
import { pageScrollsSideways, signIn } from './accounts';
import { DEMO_ADMIN } from './api';
import { baseUrl, open, sharedBrowser } from './browser';
import { areaContext } from './routes';
import { atPhoneAndWide, seriousViolations } from './axe';

const HEADER =
  'prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from';
// Berlin prefixes no other browser test dials: the deck applied here rates none of their calls.
const PREFIXES = ['49309991', '49309992'];

const browser = sharedBrowser();

/** Today in UTC, the day a deck's date names: a deck of today takes effect once applied. */
const today = () => new Date().toISOString().slice(0, 10);

/** A deck file of the two prefixes; the second in `secondCountry`. */
function deckFile(secondCountry: string) {
  const lines = [
    HEADER,
    `${PREFIXES[0]},Berlin test A,DE,landline,0.01,0.02,0.05,1,1,${today()}`,
    `${PREFIXES[1]},Berlin test B,${secondCountry},landline,0.01,0.025,0.05,1,1,${today()}`,
  ];
  return { name: 'berlin.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') };
}

describe('rate decks', () => {
  test('a deck with an error is shown by line, then fixed, uploaded, previewed and applied', async () => {
    const name = `E2E Berlin ${Date.now()}`;
    const { page, context } = await open(browser(), '/login');
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/admin');
      await page.getByRole('link', { name: 'Rate Decks' }).click();
      await page.waitForURL(`${baseUrl()}/admin/rate-decks`);
      await page.getByRole('heading', { name: 'Rate Decks', level: 1 }).waitFor();

      // Core's reader in the browser finds the unknown country on line 3: nothing is sent.
      const uploads: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/admin/rate-decks'))
          uploads.push(r.url());
      });
      const file = page.getByLabel('CSV file');
      await file.setInputFiles(deckFile('XX'));
      await page.getByText('The deck has 1 error').waitFor();
      const errors = page.getByRole('table', { name: 'Errors by line' });
      const error = errors
        .getByRole('row')
        .filter({ hasText: 'Country XX is not on the Country Pricing list' });
      await error.waitFor();
      expect(await error.locator('th').textContent()).toBe('3');
      const upload = page.getByRole('button', { name: 'Upload deck' });
      expect(await upload.isDisabled()).toBe(true);

      // Fixed and chosen again: core finds it clean, and the upload makes a draft.
      await file.setInputFiles(deckFile('DE'));
      await page.getByText(/berlin\.csv is ready to upload: 2 prefixes, effective from/).waitFor();
      await page.getByLabel('Deck name').fill(name);
      await upload.click();
      await page.getByText(`${name} uploaded as a draft`).waitFor();
      expect(uploads).toHaveLength(1);

      // The preview opens on the new draft: both prefixes are new.
      const preview = page.getByRole('region', { name: `Preview: ${name}` });
      const changes = preview.getByRole('table', { name: 'Changes against the deck in force' });
      for (const prefix of PREFIXES) {
        const row = changes.getByRole('row').filter({ hasText: prefix });
        await row.getByText('Added').waitFor();
      }
      const history = page.getByRole('table', { name: 'Rate decks, newest first' });
      const row = history.getByRole('row').filter({ hasText: name });
      await row.getByText('Draft').waitFor();

      // Applied after its confirmation: of today, it takes effect at once.
      await preview.getByRole('button', { name: 'Apply deck' }).click();
      const dialog = page.getByRole('dialog', { name: 'Apply Rate Deck' });
      await dialog.getByText('It takes effect at once', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Apply deck' }).click();
      await page.getByText(`${name} is in force`).waitFor();
      await preview.waitFor({ state: 'detached' });
      await row.getByText('In force').waitFor();
      expect(await row.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
      await row.getByRole('button', { name: `Export CSV of ${name}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the page passes axe and fits the screen, on a phone and wide', async () => {
    await atPhoneAndWide(
      (options) => areaContext(browser(), baseUrl(), 'admin', options),
      async (page) => {
        await page.goto('/admin/rate-decks');
        await page.getByRole('heading', { name: 'Rate Decks', level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await pageScrollsSideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
        // With a file's errors listed, the long header and the error table still fit.
        await page.getByLabel('CSV file').setInputFiles(deckFile('XX'));
        await page.getByRole('table', { name: 'Errors by line' }).waitFor();
        expect(await pageScrollsSideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
      },
    );
  });
});
