// Country flags are SVG images, not emoji (issue 24: Windows has no flag emoji font and
// shows two letters). Every page that shows countries draws them as loaded images and
// has no regional indicator symbols left in its text; pages without flags never load
// the list of flag files.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, sharedBrowser } from './browser';
import { areaContext, visit, type Area } from './routes';

const browser = sharedBrowser();

/** Text made of regional indicator symbols, i.e. an emoji flag, anywhere on the page. */
function emojiFlags(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/[\u{1F1E6}-\u{1F1FF}]/u.test(node.textContent ?? '')) found.push(node.textContent!);
    }
    for (const el of document.querySelectorAll('input, option, [aria-label], [title]')) {
      const text = [
        (el as HTMLInputElement).value,
        el.getAttribute('aria-label'),
        el.getAttribute('title'),
      ].join(' ');
      if (/[\u{1F1E6}-\u{1F1FF}]/u.test(text)) found.push(text);
    }
    return found;
  });
}

const pages: { area: Area; route: string; flags: string[] }[] = [
  { area: 'public', route: '/pricing', flags: ['US', 'GB', 'DE', 'JP'] },
  { area: 'client', route: '/client/buy-number', flags: ['US', 'GB', 'CA', 'JP'] },
  { area: 'admin', route: '/admin/country-pricing', flags: ['US', 'GB'] },
];

describe('country flags are SVG images', () => {
  for (const { area, route, flags } of pages) {
    test(`on ${route}`, async () => {
      const context = await areaContext(browser(), baseUrl(), area);
      const page = await context.newPage();
      const svgs: { url: string; type: string | undefined; status: number }[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.svg')) {
          svgs.push({ url: r.url(), type: r.headers()['content-type'], status: r.status() });
        }
      });
      await visit(page, route);
      for (const code of flags) {
        const img = page.locator(`img[data-flag="${code}"]`).first();
        await img.scrollIntoViewIfNeeded();
        await page.waitForFunction(
          (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
          await img.elementHandle(),
        );
        expect(await img.getAttribute('src')).toMatch(/^\/assets\/[\w-]+\.svg$/);
      }
      expect(svgs.length).toBeGreaterThan(0);
      for (const svg of svgs) {
        expect(svg.status, svg.url).toBe(200);
        expect(svg.type, svg.url).toMatch(/^image\/svg\+xml/);
      }
      expect(await emojiFlags(page)).toEqual([]);
      await context.close();
    });
  }

  test('the add-number dialog of /admin/phones lists countries without emoji', async () => {
    const context = await areaContext(browser(), baseUrl(), 'admin');
    const page = await context.newPage();
    await visit(page, '/admin/phones');
    await page.getByRole('button', { name: 'Add New Number' }).click();
    const country = page.getByRole('dialog').getByLabel('Country');
    await page.waitForFunction(
      (el) => (el as HTMLSelectElement).options.length > 1,
      await country.elementHandle(),
    );
    expect(await emojiFlags(page)).toEqual([]);
    await context.close();
  });

  test('a page without flags does not load the list of flag files', async () => {
    const context = await areaContext(browser(), baseUrl(), 'public');
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await visit(page, '/');
    expect(requests.filter((url) => /flag-urls|\/assets\/.*\.svg$/.test(url))).toEqual([]);
    await context.close();
  });
});
