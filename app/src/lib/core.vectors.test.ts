// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreExports } from './core';
import { toolsExports } from './core-tools';

interface VectorCase {
  name: string;
  args: unknown[];
  expected?: unknown;
  error?: string;
}

interface VectorFile {
  function: string;
  cases: VectorCase[];
}

const dir = fileURLToPath(new URL('../../../core/tests/vectors/', import.meta.url));
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const suites = files.map((file) => ({
  file,
  vectors: JSON.parse(readFileSync(join(dir, file), 'utf8')) as VectorFile,
}));
// Counted from the files, not by the tests as they run: the count must not depend on
// which tests ran before it (vitest may shuffle them).
const cases = suites.reduce((sum, { vectors }) => sum + vectors.cases.length, 0);

function call(name: string, args: unknown[]): unknown {
  const fn = coreExports[name] ?? toolsExports[name];
  if (typeof fn !== 'function') throw new Error(`dialtone-core has no export ${name}`);
  return (fn as (...a: unknown[]) => unknown)(...args);
}

describe('shared core vectors through wasm', () => {
  for (const { file, vectors } of suites) {
    describe(`${file} (${vectors.function})`, () => {
      for (const c of vectors.cases) {
        it(c.name, () => {
          if (c.error !== undefined) {
            expect(() => call(vectors.function, c.args)).toThrow(
              expect.objectContaining({ message: c.error }),
            );
          } else {
            expect(call(vectors.function, c.args)).toEqual(c.expected);
          }
        });
      }
    });
  }

  // Each case above is a test of its own, so all of them run; this guards against the
  // vectors not being found (no files, no cases: nothing would fail).
  it('ran at least 50 cases', () => {
    console.log(`core vectors: ${cases} cases from ${files.length} files`);
    expect(cases).toBeGreaterThanOrEqual(50);
  });
});
