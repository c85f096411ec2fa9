// The wide tables on a 375 px phone (issue 24): the pricing page's Call Rates, the
// Feature Comparison on /features and the admin's phone numbers. Each last column
// ("Buy Minutes", Enterprise, the row's actions) is either on screen or the table shows
// that it scrolls (a "Scroll for more" hint and a shadow on the edge) and scrolling it
// with the keyboard brings the column into view, after which the hint is gone.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, sharedBrowser } from './browser';
import { areaContext, visit, type Area } from './routes';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

const browser = sharedBrowser();

interface Table {
  name: string;
  area: Area;
  route: string;
  /** Gets the page to the table, e.g. by choosing its tab. */
  prepare?: (page: Page) => Promise<void>;
  /** The scrolling region's accessible name. */
  region: string;
  /** What sits in the last column. */
  last: (region: Locator) => Locator;
  /** Uses it once it is in view. */
  use: (page: Page, last: Locator) => Promise<void>;
}

const tables: Table[] = [
  {
    name: 'the pricing Call Rates table',
    area: 'public',
    route: '/pricing',
    prepare: async (page) => {
      await page.getByRole('tab', { name: 'Call Rates' }).click();
      await page.getByRole('columnheader', { name: 'Outbound (per min)' }).waitFor();
    },
    region: 'Call rates by country table',
    last: (region) => region.getByRole('link', { name: 'Buy Minutes' }).first(),
    use: async (page, last) => {
      await last.click();
      await page.waitForURL(`${baseUrl()}/signup`);
    },
  },
  {
    name: 'the Feature Comparison table',
    area: 'public',
    route: '/features',
    region: 'Feature comparison table',
    last: (region) => region.getByRole('columnheader', { name: 'Enterprise' }),
    use: async (_page, last) => {
      const support = last.locator('xpath=ancestor::table').getByRole('row', { name: /Support/ });
      expect(await support.getByRole('cell').last().textContent()).toBe('Priority support');
      expect(await support.getByRole('cell').last().isVisible()).toBe(true);
    },
  },
  {
    name: 'the admin phone numbers table',
    area: 'admin',
    route: '/admin/phones',
    region: 'Phone numbers table',
    last: (region) => region.getByRole('button', { name: /^Actions for / }).first(),
    use: async (page, last) => {
      await last.click();
      await page.getByRole('menuitem', { name: 'Change Country' }).waitFor();
    },
  },
];

/** Fully inside the scrolling box and the window, not just somewhere in the layout. */
async function inView(target: Locator, box: Locator, width: number): Promise<boolean> {
  const [t, b] = await Promise.all([target.boundingBox(), box.boundingBox()]);
  if (!t || !b) return false;
  const left = Math.max(b.x, 0);
  const right = Math.min(b.x + b.width, width);
  return t.x >= left - 0.5 && t.x + t.width <= right + 0.5;
}

/** The ScrollBox around a region: the hint and the shadows are its children. */
function shell(region: Locator): Locator {
  return region.locator('xpath=../..');
}

async function open(table: Table, viewport: typeof PHONE) {
  const context = await areaContext(browser(), baseUrl(), table.area, { viewport });
  const page = await context.newPage();
  await visit(page, table.route);
  await table.prepare?.(page);
  return { context, page };
}

describe('at 375 px the last column of a wide table is on screen or reachable', () => {
  for (const table of tables) {
    test(table.name, async () => {
      const { context, page } = await open(table, PHONE);
      const region = page.getByRole('region', { name: table.region });
      const last = table.last(region);

      if (await region.count()) {
        await region.scrollIntoViewIfNeeded();
        if (!(await inView(last, region, PHONE.width))) {
          // It scrolls: the affordance says so, and the keyboard can scroll it.
          const hint = shell(region).getByTestId('scroll-hint');
          expect(await hint.isVisible()).toBe(true);
          expect(await hint.textContent()).toBe('Scroll for more');
          expect(await shell(region).getByTestId('scroll-shadow-end').isVisible()).toBe(true);
          expect(await shell(region).getByTestId('scroll-shadow-start').count()).toBe(0);
          expect(await region.getAttribute('tabindex')).toBe('0');

          await region.focus();
          for (let i = 0; i < 60 && !(await inView(last, region, PHONE.width)); i++) {
            await page.keyboard.press('ArrowRight');
            await page.waitForTimeout(30);
          }
          expect(await inView(last, region, PHONE.width)).toBe(true);
          // At the far end the hint and the end shadow go; the start shadow shows.
          await page.waitForFunction(
            (el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
            await region.elementHandle(),
          );
          await hint.waitFor({ state: 'hidden' });
          expect(await shell(region).getByTestId('scroll-shadow-end').count()).toBe(0);
          expect(await shell(region).getByTestId('scroll-shadow-start').isVisible()).toBe(true);
        }
      } else {
        // No scrolling region: the table fits (or is stacked) and its last column shows.
        await last.scrollIntoViewIfNeeded();
        expect(await last.isVisible()).toBe(true);
      }
      await table.use(page, last);
      await context.close();
    });
  }
});

describe('at 1440 px the same tables fit and show no hint', () => {
  for (const table of tables) {
    test(table.name, async () => {
      const { context, page } = await open(table, DESKTOP);
      expect(await page.getByRole('region', { name: table.region }).count()).toBe(0);
      expect(await page.getByTestId('scroll-hint').count()).toBe(0);
      const last = table.last(page.locator('main'));
      await last.scrollIntoViewIfNeeded();
      expect(await last.isVisible()).toBe(true);
      await table.use(page, last);
      await context.close();
    });
  }
});
