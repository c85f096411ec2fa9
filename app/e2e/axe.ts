// axe-core in a page of the browser tests: the serious and critical WCAG 2.1 AA
// violations it finds, and the two screen sizes the page checks are run at.
import { createRequire } from 'node:module';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

/** A phone and a wide desktop window. */
export const PHONE_AND_WIDE = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

export type Viewport = (typeof PHONE_AND_WIDE)[number];

/**
 * Runs `check` on a fresh page at each of the two sizes, in a context `open` makes from
 * the options given (they let axe in), closed afterwards even when the check fails.
 */
export async function atPhoneAndWide(
  open: (options: BrowserContextOptions) => Promise<BrowserContext>,
  check: (page: Page, viewport: Viewport) => Promise<void>,
): Promise<void> {
  for (const viewport of PHONE_AND_WIDE) {
    // axe is injected as an inline script, which the app's CSP refuses.
    const context = await open({ viewport, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await check(page, viewport);
    } finally {
      await context.close();
    }
  }
}

/** Injects axe (the context needs bypassCSP: it goes in as an inline script). */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
