import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'gray' | 'blue';

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  red: 'bg-red-100 text-red-800',
  gray: 'bg-slate-100 text-slate-700',
  blue: 'bg-brand-100 text-brand-800',
};

export function Badge({ tone = 'gray', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap capitalize ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
