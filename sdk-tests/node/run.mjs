// Runs the Node SDK tests and ends with one line in cargo's format, which
// scripts/test-all.sh counts: `test result: ok. N passed; M failed; 0 ignored`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here)
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => join(here, f));
let passed = 0;
let failed = 0;
const stream = run({ files, concurrency: 1 });
stream.on('test:pass', (t) => {
  if (t.nesting === 0 && t.details?.type !== 'suite') passed++;
});
stream.on('test:fail', (t) => {
  if (t.nesting === 0 && t.details?.type !== 'suite') failed++;
});
stream.compose(spec).pipe(process.stdout);
stream.on('end', () => {
  const verdict = failed === 0 && passed > 0 ? 'ok' : 'FAILED';
  console.log(`test result: ${verdict}. ${passed} passed; ${failed} failed; 0 ignored (Twilio Node SDK)`);
  process.exitCode = verdict === 'ok' ? 0 : 1;
});
