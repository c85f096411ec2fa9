import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FigurePlaceholder } from '../../../components/ui/feedback/figure-placeholder';

export interface StatCardProps {
  icon: LucideIcon;
  label: string;
  /** Undefined while loading. */
  value: string | undefined;
  to: string;
  linkLabel: string;
  /** A secondary line under the value (and how the value is reckoned). */
  detail?: ReactNode;
}

export function StatCard({ icon: Icon, label, value, to, linkLabel, detail }: StatCardProps) {
  return (
    <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
            {value ?? <FigurePlaceholder size="h-8 w-12" />}
          </p>
          {detail && <div className="mt-1 text-xs text-slate-500">{detail}</div>}
        </div>
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
      </div>
      <Link
        to={to}
        className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        {linkLabel}
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
