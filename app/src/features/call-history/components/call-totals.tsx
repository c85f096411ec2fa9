import { Clock, DollarSign, Phone, type LucideIcon } from 'lucide-react';
import { usd } from '../../../lib/core';
import type { CallTotals as Totals } from '../api/get-calls';
import { formatDuration } from '../../../lib/core';

function Total({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    // A <dl> group holds only its <dt> and <dd>: the icon sits inside the term.
    <div className="relative rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 sm:pl-17">
      <dt className="text-xs text-slate-600 sm:text-sm">
        <span className="absolute top-1/2 left-4 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="text-base font-bold text-slate-900 tabular-nums sm:text-xl">{value}</dd>
    </div>
  );
}

/** Totals over every call matching the filters, as the server counts them. */
export function CallTotals({ totals }: { totals: Totals | undefined }) {
  return (
    <section aria-label="Call totals" aria-live="polite">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <Total icon={Phone} label="Total Calls" value={totals ? String(totals.calls) : '-'} />
        <Total
          icon={Clock}
          label="Total Duration"
          value={totals ? formatDuration(totals.durationSeconds) : '-'}
        />
        <Total icon={DollarSign} label="Total Cost" value={totals ? usd(totals.cost) : '-'} />
      </dl>
    </section>
  );
}
