// Every route at a phone's 375x812 and a desktop's 1440x900: nothing scrolls sideways
// and nothing sticks out of the screen; the mobile menu and the area sidebars open with
// their toggles and close as SPEC 2 says.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, sharedBrowser } from './browser';
import { areaContext, onRoute, routeParts, visit, type Area } from './routes';

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];
const PHONE = VIEWPORTS[0];
// A sweep of a part of an area's routes takes a while on a busy two-core machine.
const SWEEP_TIMEOUT = 180_000;
const PART = 8;

const browser = sharedBrowser();

/**
 * The page's own sideways scroll, and any visible element reaching past the right edge
 * outside a box that scrolls or clips it (the body's own clipping would hide that).
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const sticking: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 0.5) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      let parent = el.parentElement;
      while (parent && parent !== document.body && getComputedStyle(parent).overflowX === 'visible')
        parent = parent.parentElement;
      if (parent && parent !== document.body) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      sticking.push(`<${el.tagName.toLowerCase()} class="${el.className}"> "${text}"`);
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      sticking: sticking.slice(0, 5),
    };
  });
}

describe.concurrent('no sideways scrolling', () => {
  for (const area of ['public', 'client', 'admin'] as Area[]) {
    for (const viewport of VIEWPORTS) {
      for (const part of routeParts(area, PART)) {
        test(
          `on ${part.name} at ${viewport.width}x${viewport.height}`,
          async () => {
            const context = await areaContext(browser(), baseUrl(), area, { viewport });
            const page = await context.newPage();
            const problems: string[] = [];
            for (const route of await part.routes()) {
              const found = await onRoute(route, async () => {
                await visit(page, route);
                return overflow(page);
              });
              if (found.scrollWidth > found.innerWidth || found.sticking.length > 0) {
                problems.push(`${route}: ${JSON.stringify(found)}`);
              }
            }
            await context.close();
            expect(problems, problems.join('\n')).toEqual([]);
          },
          SWEEP_TIMEOUT,
        );
      }
    }
  }
});

describe('at 375 px', () => {
  test('the public menu opens with its toggle and closes on a link click and on a route change', async () => {
    const context = await areaContext(browser(), baseUrl(), 'public', { viewport: PHONE });
    const page = await context.newPage();
    await visit(page, '/features');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    const menu = page.locator('#mobile-menu');
    expect(await menu.count()).toBe(0);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${baseUrl()}/pricing`);
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // A route change that does not come from the menu closes it too (here: Back).
    await toggle.click();
    await menu.waitFor();
    await page.goBack();
    await page.waitForURL(`${baseUrl()}/features`);
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  for (const [area, start, link, target, heading] of [
    ['client', '/client', 'Send SMS', '/client/send-sms', 'Send SMS'],
    ['admin', '/admin', 'Country Pricing', '/admin/country-pricing', 'Country Pricing'],
  ] as const) {
    test(`the ${area} sidebar opens with its toggle and closes on the overlay, a link and a route change`, async () => {
      const context = await areaContext(browser(), baseUrl(), area, { viewport: PHONE });
      const page = await context.newPage();
      await visit(page, start);
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
      const overlay = page.getByTestId('sidebar-overlay');
      const sidebarLink = page.locator('#area-sidebar').getByRole('link', { name: link });
      expect(await sidebarLink.isVisible()).toBe(false);

      await toggle.click();
      await sidebarLink.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      // The overlay's visible part is the strip right of the 256 px sidebar.
      await overlay.click({ position: { x: 340, y: 400 } });
      await overlay.waitFor({ state: 'detached' });
      await sidebarLink.waitFor({ state: 'hidden' });

      await toggle.click();
      await sidebarLink.click();
      await page.waitForURL(`${baseUrl()}${target}`);
      await overlay.waitFor({ state: 'detached' });
      await sidebarLink.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      // The link closed the drawer at once; the page shows when its code has loaded (a
      // navigation is a transition). Going back before then is no route change.
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();

      await toggle.click();
      await overlay.waitFor();
      await page.goBack();
      await page.waitForURL(`${baseUrl()}${start}`);
      await overlay.waitFor({ state: 'detached' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await context.close();
    });
  }
});
