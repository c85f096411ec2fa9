import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

/** A monthly plan as every page shows it: `price` in dollars, `highlights` from core. */
export type Plan = Schema<'PackageView'>;
type Plans = Schema<'Plans'>;

export const plansKey = ['catalogue', 'plans'] as const;

/** The plans on sale, in catalogue order: /pricing, /features and /products read this. */
export function usePlans() {
  return useApiGet(plansKey, '/catalogue/plans', { select: (data: Plans) => data.plans });
}

/** The support line of a plan's highlights ("Priority support"), as core words it. */
export function supportLine(plan: Plan): string {
  return plan.highlights.find((line) => /support$/i.test(line)) ?? '';
}

/** The IVR line of a plan's highlights ("Advanced IVR"): what its flows may contain. */
export function ivrLine(plan: Plan): string {
  return plan.highlights.find((line) => /IVR$/.test(line)) ?? '';
}

/** The cheapest plan on sale, or null when none is. */
export function cheapestPlan(plans: readonly Plan[]): Plan | null {
  return plans.reduce<Plan | null>((low, p) => (low && low.price <= p.price ? low : p), null);
}
