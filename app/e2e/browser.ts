// Debian's Chromium driven by playwright-core (never a downloaded browser). Each
// launch gets a fresh, empty profile from playwright.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from '../chromium.mjs';

/** This worker's server (see E2E_WORKERS in global-setup.ts). */
function ownServer(): { baseUrl: string; dataDir: string } {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(poolId - 1) % servers.length];
}

export const baseUrl = () => ownServer().baseUrl;
/** The data directory of this worker's server (its switch token, its SMS outbox). */
export const dataDir = () => ownServer().dataDir;

export function launch(): Promise<Browser> {
  return launchChromium(['--headless']);
}

/** One browser for a test file: launched before its tests, closed after them. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested, to prove nothing leaves 127.0.0.1. */
  requests: string[];
}

export async function open(
  browser: Browser,
  path = '/',
  viewport = { width: 1280, height: 800 },
): Promise<Visit> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(path);
  return { context, page, requests };
}
