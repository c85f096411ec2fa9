// The URL of every SVG flag of the country-flag-icons package (3:2), by ISO code. Only
// the Flag component imports this, and lazily: the map is a few KB that the pages
// without flags never load, and each SVG is its own asset that the browser fetches
// when a flag of that country is first drawn.
const files = import.meta.glob<string>('./*.svg', {
  base: '/node_modules/country-flag-icons/3x2/',
  eager: true,
  import: 'default',
  query: '?no-inline',
});

export const flagUrls = new Map<string, string>();
for (const [path, url] of Object.entries(files)) {
  const code = /([A-Z-]+)\.svg$/.exec(path)?.[1];
  if (code) flagUrls.set(code, url);
}
