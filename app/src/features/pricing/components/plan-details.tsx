import { CheckList } from '../../../components/ui/layout/check-list';
import { usd } from '../../../lib/core';
import type { Plan } from '../api/get-plans';

/** A plan's price a month, what it includes (core's highlights) and its saving, if any. */
export function PlanDetails({ plan, size = 'text-4xl' }: { plan: Plan; size?: string }) {
  return (
    <>
      <p className="mt-4">
        <span className={`${size} font-extrabold text-slate-900`}>{usd(plan.price)}</span>
        <span className="text-slate-500">/month</span>
      </p>
      {plan.savingText && (
        <p className="mt-2 text-sm font-semibold text-green-700">{plan.savingText}</p>
      )}
      <CheckList items={plan.highlights} className="mt-6" />
    </>
  );
}
