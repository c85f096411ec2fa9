// Accessibility: axe-core runs on every route of the app, signed in where the route
// needs it, once the page's data has loaded. Any serious or critical WCAG 2.1 A/AA
// violation fails the scan.
import { createRequire } from 'node:module';
import type { ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, sharedBrowser } from './browser';
import { areaContext, onRoute, routeParts, visit, type Area } from './routes';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
// A sweep of a part of an area's routes takes a while on a busy two-core machine.
const SWEEP_TIMEOUT = 180_000;
const PART = 8;

type Axe = typeof import('axe-core');

interface Violation {
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  targets: string[];
}

const browser = sharedBrowser();

async function scan(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: Axe };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((n) => n.target.join(' ')),
    }));
  }, TAGS);
}

function report(route: string, violations: Violation[]): string[] {
  return violations.map(
    (v) => `${route} [${v.impact}] ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`,
  );
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

/** Lets layout, resize observers and React settle after a viewport change. */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

function failing(route: string, violations: Violation[]): string[] {
  const found = report(
    route,
    violations.filter((v) => FAILING.has(v.impact ?? '')),
  );
  const minor = report(
    route,
    violations.filter((v) => !FAILING.has(v.impact ?? '')),
  );
  if (minor.length > 0) console.warn(`moderate or minor:\n${minor.join('\n')}`);
  return found;
}

describe.concurrent('axe-core finds no serious or critical WCAG 2.1 AA violation', () => {
  for (const area of ['public', 'client', 'admin'] as Area[]) {
    for (const part of routeParts(area, PART)) {
      test(
        `on ${part.name}, at 1440 and at 375 px`,
        async () => {
          // The app's CSP forbids inline scripts; axe is injected as one.
          const context = await areaContext(browser(), baseUrl(), area, { bypassCSP: true });
          const page = await context.newPage();
          const failures: string[] = [];
          for (const route of await part.routes()) {
            await onRoute(route, async () => {
              await page.setViewportSize(DESKTOP);
              await visit(page, route);
              failures.push(...failing(route, await scan(page)));
              await page.setViewportSize(PHONE);
              await frames(page);
              failures.push(...failing(`${route} (375 px)`, await scan(page)));
            });
          }
          await context.close();
          expect(failures, failures.join('\n')).toEqual([]);
        },
        SWEEP_TIMEOUT,
      );
    }
  }

  test('with the mobile menus, a row menu and dialogs open', async () => {
    const failures: string[] = [];
    const phone = async (area: Area, route: string, toggle: string) => {
      const context = await areaContext(browser(), baseUrl(), area, {
        bypassCSP: true,
        viewport: PHONE,
      });
      const page = await context.newPage();
      await visit(page, route);
      await page.getByRole('button', { name: toggle }).click();
      await frames(page);
      failures.push(...failing(`${route} (${toggle} open)`, await scan(page)));
      await context.close();
    };
    await phone('public', '/', 'Toggle menu');
    await phone('client', '/client', 'Toggle sidebar');
    await phone('admin', '/admin', 'Toggle sidebar');

    const context = await areaContext(browser(), baseUrl(), 'admin', { bypassCSP: true });
    const page = await context.newPage();
    await visit(page, '/admin/users');
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menu').waitFor();
    failures.push(...failing('/admin/users (row menu open)', await scan(page)));
    await page.getByRole('menuitem', { name: 'Send Email' }).click();
    await page.getByRole('dialog').waitFor();
    failures.push(...failing('/admin/users (Send Email dialog)', await scan(page)));
    await visit(page, '/admin/packages');
    await page.getByRole('button', { name: 'Add New Package' }).click();
    await page.getByRole('dialog').waitFor();
    failures.push(...failing('/admin/packages (Add New Package dialog)', await scan(page)));
    await context.close();
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
