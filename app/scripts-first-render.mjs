// Time to first render of a page in headless Chromium (Debian's), for make bench:
// DOMContentLoaded and the moment the page's h1 is visible, median of N cold loads.
// usage: node scripts-first-render.mjs URL [runs]
import { launchChromium } from './chromium.mjs';

const [url, runs = '5'] = process.argv.slice(2);
const browser = await launchChromium();
const dcl = [];
const h1 = [];
for (let i = 0; i < Number(runs); i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  h1.push(Date.now() - started);
  dcl.push(
    await page.evaluate(
      () => performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? 0,
    ),
  );
  await context.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({
    url,
    runs: Number(runs),
    dom_content_loaded_ms: Math.round(median(dcl)),
    h1_visible_ms: median(h1),
  }),
);
