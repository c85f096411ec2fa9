// The screenshot tour: every route of the app at 375x812 and 1440x900, full page, under
// target/tour/, and target/tour/index.html showing each route's two screenshots side by
// side. Run by scripts/tour.sh (`make tour`) through vitest.tour.config.ts.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect, test } from 'vitest';
import { baseUrl, launch } from './browser';
import { areaContext, routesOf, visit, type Area } from './routes';

const OUT = resolve(import.meta.dirname, '..', '..', 'target', 'tour');
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

interface Shot {
  route: string;
  files: string[];
}

/** A file name for a route: "/" is home, the payment page drops its one-off secret. */
function slug(route: string): string {
  if (route === '/') return 'home';
  if (route.startsWith('/client/payment/')) return 'client-payment';
  if (route === '/no/such/page') return 'not-found';
  return route.slice(1).split('?')[0].replaceAll('/', '-');
}

async function shoot(browser: Browser, area: Area): Promise<Shot[]> {
  const shots: Shot[] = [];
  const routes = await routesOf(area);
  for (const route of routes) shots.push({ route, files: [] });
  for (const viewport of VIEWPORTS) {
    // Reduced motion: charts draw at once instead of being caught halfway through.
    const context = await areaContext(browser, baseUrl(), area, {
      viewport,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    for (const shot of shots) {
      await visit(page, shot.route);
      const file = `${slug(shot.route)}-${viewport.width}.png`;
      await page.screenshot({ path: join(OUT, file), fullPage: true, animations: 'disabled' });
      shot.files.push(file);
    }
    await context.close();
  }
  return shots;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function indexHtml(sections: Array<[Area, Shot[]]>): string {
  const titles = { public: 'Public site', client: 'Client area', admin: 'Admin area' };
  const body = sections
    .map(
      ([area, shots]) =>
        `<h2>${titles[area]}</h2>\n${shots
          .map(
            (shot) => `<section>
  <h3>${escape(shot.route)}</h3>
  <div class="pair">${shot.files
    .map(
      (file, i) =>
        `<figure><a href="${file}"><img src="${file}" alt="${escape(shot.route)} at ${VIEWPORTS[i].width} px" loading="lazy"></a><figcaption>${VIEWPORTS[i].width}x${VIEWPORTS[i].height}</figcaption></figure>`,
    )
    .join('')}</div>
</section>`,
          )
          .join('\n')}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dialtone screenshot tour</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; color: #0f172a; background: #f8fafc; }
  h2 { margin-top: 3rem; border-bottom: 2px solid #cbd5e1; }
  section { margin: 1.5rem 0 2.5rem; }
  h3 { font-family: ui-monospace, monospace; font-size: 1rem; }
  .pair { display: flex; gap: 1.5rem; align-items: flex-start; }
  figure { margin: 0; }
  figure:first-child img { width: 375px; }
  figure:last-child { flex: 1; min-width: 0; }
  figure:last-child img { width: 100%; max-width: 1440px; }
  img { display: block; border: 1px solid #cbd5e1; background: #fff; }
  figcaption { font-size: .8rem; color: #475569; margin-top: .25rem; }
</style>
</head>
<body>
<h1>Dialtone screenshot tour</h1>
<p>Every route at a phone's 375x812 and a desktop's 1440x900, full page. Click a screenshot for its full size.</p>
${body}
</body>
</html>
`;
}

test('screenshot tour of every route', async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const browser = await launch();
  try {
    const areas: Area[] = ['public', 'client', 'admin'];
    const shots = await Promise.all(areas.map((area) => shoot(browser, area)));
    const sections = areas.map((area, i) => [area, shots[i]] as [Area, Shot[]]);
    writeFileSync(join(OUT, 'index.html'), indexHtml(sections));
    const count = shots.flat().reduce((n, shot) => n + shot.files.length, 0);
    console.log(`${count} screenshots and index.html in ${OUT}`);
    expect(count).toBe(shots.flat().length * VIEWPORTS.length);
  } finally {
    await browser.close();
  }
});
