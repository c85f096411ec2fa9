import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type AdminPackage = Schema<'PackageView'>;

/** What the create and edit calls take. */
export interface PackageBody {
  name: string;
  minutes: number;
  /** US dollars as decimal text, e.g. "9.99". */
  price: string;
  validity: number;
  features: string[];
  status: string;
  /** Numbers whose monthly fee the plan pays, 0 to 100. */
  includedNumbers: number;
  /** IVR flows whose monthly fee the plan pays, 0 to 100. */
  ivrFlows: number;
  /** What the plan's IVR flows may contain: "basic", "advanced" or "premium". */
  ivrLevel: string;
  /** "email" or "priority". */
  support: string;
  /** Marked MOST POPULAR on the public pages. */
  popular: boolean;
}

export const adminPackagesKey = ['admin', 'packages'] as const;

export function useAdminPackages() {
  return useApiGet(adminPackagesKey, '/admin/packages', {
    select: (data: { items: AdminPackage[] }) => data.items,
    staleTime: 0,
  });
}
