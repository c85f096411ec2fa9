// @vitest-environment node
// No input makes the wasm core panic: every exported function is called with random
// argument lists of every shape. A Rust panic surfaces as a WebAssembly.RuntimeError;
// a refused input is an ordinary Error carrying core's message. The native twin is
// core/tests/no_panic.rs.
import { describe, expect, it } from 'vitest';
import { coreExports } from './core';

const pieces = [
  '',
  ' ',
  '0',
  '9',
  '.',
  '-',
  '+',
  'e',
  'a',
  'Z',
  '€',
  '👋',
  'ж',
  '{',
  '"',
  '\\',
  '\u0000',
  '\n',
  '1e999',
  '99999999999999999999999999999',
];

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function anyValue(rand: () => number, depth = 0): unknown {
  const text = () =>
    Array.from(
      { length: Math.floor(rand() * 10) },
      () => pieces[Math.floor(rand() * pieces.length)],
    ).join('');
  switch (Math.floor(rand() * (depth > 1 ? 4 : 7))) {
    case 0:
      return text();
    case 1:
      return Math.floor((rand() - 0.5) * 2 ** 31);
    case 2:
      return rand() > 0.5 ? null : undefined;
    case 3:
      return rand() > 0.5;
    case 4:
      return Array.from({ length: Math.floor(rand() * 3) }, () => anyValue(rand, depth + 1));
    default: {
      // An object with the field names the forms use, filled at random.
      const fields = [
        'email',
        'password',
        'name',
        'confirmPassword',
        'terms',
        'to',
        'message',
        'amount',
        'reason',
        'cardNumber',
        'expMonth',
        'expYear',
        'cvc',
        'number',
        'countryCode',
        'type',
        'value',
        'step',
        'features',
        'setupFee',
        'subject',
        'body',
      ];
      return Object.fromEntries(
        fields.filter(() => rand() > 0.4).map((f) => [f, anyValue(rand, depth + 1)]),
      );
    }
  }
}

describe('the wasm core under arbitrary input', () => {
  it('never panics in any exported function', () => {
    const rand = seeded(20261121);
    const functions = Object.entries(coreExports).filter(
      (entry): entry is [string, (...args: unknown[]) => unknown] =>
        typeof entry[1] === 'function' && !entry[0].startsWith('__'),
    );
    expect(functions.length).toBeGreaterThan(25);
    let calls = 0;
    for (const [name, fn] of functions) {
      for (let i = 0; i < 400; i++) {
        const args = Array.from({ length: Math.max(fn.length, 1) }, () => anyValue(rand));
        try {
          fn(...args);
        } catch (e) {
          expect(e, `${name}(${JSON.stringify(args)}): ${String(e)}`).not.toBeInstanceOf(
            WebAssembly.RuntimeError,
          );
        }
        calls++;
      }
    }
    console.log(`${calls} random calls over ${functions.length} exports, no panic`);
  });
});
