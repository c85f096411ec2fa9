// Debian's Chromium driven by playwright-core (never a downloaded browser), launched the
// same way by the browser tests (e2e/browser.ts) and by make bench's first-render timing
// (scripts-first-render.mjs): one list of flags, so both measure the same browser.
import { chromium } from 'playwright-core';

/**
 * Chromium with no sandbox, GPU or background traffic of its own; `extraArgs` come first.
 * @param {string[]} [extraArgs]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...extraArgs,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
