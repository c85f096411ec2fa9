// The public pricing page at full catalogue size in headless Chromium (Debian's), for
// make bench (issue 41): from navigation to every country's row on the Phone Numbers
// tab, the Call Rates tab with every row, a search narrowing the list to one
// country, and the Minutes Packages tab with every plan; the median of N cold loads.
// usage: node scripts-pricing-page.mjs BASE_URL COUNTRIES PLANS [runs]
import { launchChromium } from './chromium.mjs';

const [base, countries, plans, runs = '5'] = process.argv.slice(2);
const browser = await launchChromium();
const times = { numbers: [], calls: [], search: [], packages: [] };

/** Milliseconds until `ready` resolves after `act`. */
async function timed(act, ready) {
  const started = performance.now();
  await act();
  await ready();
  return performance.now() - started;
}

/** Waits until the page's first table body has exactly `n` rows. */
function rows(page, n) {
  return page.waitForFunction(
    (count) => document.querySelectorAll('table tbody tr').length === count,
    n,
    { timeout: 30_000 },
  );
}

for (let i = 0; i < Number(runs); i++) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const all = Number(countries);
  times.numbers.push(
    await timed(
      () => page.goto('/pricing'),
      () => rows(page, all),
    ),
  );
  const tab = (name) => page.getByRole('tab', { name }).click();
  times.calls.push(
    await timed(
      () => tab('Call Rates'),
      () => rows(page, all),
    ),
  );
  const search = () => page.getByPlaceholder('Search countries...').fill('Jamaica');
  times.search.push(await timed(search, () => rows(page, 1)));
  const cards = () =>
    page.waitForFunction(
      (n) => document.querySelectorAll('[role="tabpanel"] li h3').length === n,
      Number(plans),
    );
  times.packages.push(await timed(() => tab('Minutes Packages'), cards));
  await context.close();
}
await browser.close();
const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
console.log(
  JSON.stringify({
    runs: Number(runs),
    countries: Number(countries),
    plans: Number(plans),
    numbers_tab_ms: median(times.numbers),
    call_rates_tab_ms: median(times.calls),
    search_ms: median(times.search),
    packages_tab_ms: median(times.packages),
  }),
);
