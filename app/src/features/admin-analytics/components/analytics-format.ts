import { fromMicros, toMicros } from '../../../lib/core';

/** A sum of dollar amounts, exact to the micro-dollar, as decimal text for usd(). */
export function sumUsd(amounts: number[]): string {
  let micros = 0n;
  for (const amount of amounts) micros += BigInt(toMicros(String(amount)));
  return fromMicros(String(micros));
}

export function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export const count = new Intl.NumberFormat('en-US');

export const revenueSources = [
  { key: 'deposits', label: 'Deposits', color: '#4f46e5' },
  { key: 'numbers', label: 'Numbers', color: '#38bdf8' },
  { key: 'packages', label: 'Packages', color: '#059669' },
  { key: 'calls', label: 'Calls', color: '#f59e0b' },
  { key: 'sms', label: 'SMS', color: '#e11d48' },
] as const;
