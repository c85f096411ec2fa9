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

/** A money figure of a day, as the analytics API names it. */
export interface MoneySource {
  key:
    | 'deposits'
    | 'numbers'
    | 'packages'
    | 'inboundCalls'
    | 'outboundCalls'
    | 'recordings'
    | 'sms'
    | 'ivr'
    | 'refunds';
  label: string;
  color: string;
}

/** Money customers paid in, charted apart from what they spent. */
export const moneyInSources: readonly MoneySource[] = [
  { key: 'deposits', label: 'Deposits', color: '#4f46e5' },
];

/** What customers spent, by product as the catalogue names them. */
export const revenueSources: readonly MoneySource[] = [
  { key: 'numbers', label: 'Numbers', color: '#38bdf8' },
  { key: 'packages', label: 'Packages', color: '#059669' },
  { key: 'inboundCalls', label: 'Inbound calls', color: '#f59e0b' },
  { key: 'outboundCalls', label: 'Outbound calls', color: '#ea580c' },
  { key: 'recordings', label: 'Recordings', color: '#a16207' },
  { key: 'sms', label: 'SMS', color: '#e11d48' },
  { key: 'ivr', label: 'IVR', color: '#7c3aed' },
];

/** Money given back: listed beside the revenue, not stacked in it. */
export const refundSource: MoneySource = { key: 'refunds', label: 'Refunds', color: '#64748b' };
