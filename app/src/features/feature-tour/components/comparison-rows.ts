import { usd } from '../../../lib/core';
import { ivrLine, supportLine, type Plan } from '../../pricing/api/get-plans';

export interface ComparisonRow {
  feature: string;
  /** One cell a plan, in the plans' order; null: not included. */
  values: (string | null)[];
}

const count = (n: number) => (n > 0 ? n.toLocaleString('en-US') : null);

/** What each plan includes, as the catalogue has it. */
const planRows: { feature: string; cell: (plan: Plan) => string | null }[] = [
  { feature: 'Monthly price', cell: (plan) => usd(plan.price) },
  { feature: 'Outbound minutes', cell: (plan) => plan.minutes.toLocaleString('en-US') },
  { feature: 'Virtual numbers included', cell: (plan) => count(plan.includedNumbers) },
  { feature: 'IVR', cell: (plan) => ivrLine(plan) },
  { feature: 'IVR flows included', cell: (plan) => count(plan.ivrFlows) },
  { feature: 'Support', cell: (plan) => supportLine(plan) },
];

// What every plan has because the product has it, whichever plan it is.
const everyPlan = ['API access', 'Call recording', 'Ring groups'];

/** The comparison's rows for `plans`: theirs, then what is true of all of them. */
export function comparisonRows(plans: readonly Plan[]): ComparisonRow[] {
  return [
    ...planRows.map(({ feature, cell }) => ({ feature, values: plans.map(cell) })),
    ...everyPlan.map((feature) => ({ feature, values: plans.map(() => 'Yes') })),
  ];
}
