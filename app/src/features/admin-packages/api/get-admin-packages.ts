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
}

export const adminPackagesKey = ['admin', 'packages'] as const;

export function useAdminPackages() {
  return useApiGet(adminPackagesKey, '/admin/packages', {
    select: (data: { items: AdminPackage[] }) => data.items,
    staleTime: 0,
  });
}
