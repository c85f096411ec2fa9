import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

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

export function getAdminPackages() {
  return api.get<{ items: AdminPackage[] }>('/admin/packages');
}

export function useAdminPackages() {
  return useQuery({
    queryKey: adminPackagesKey,
    queryFn: getAdminPackages,
    select: (data) => data.items,
    staleTime: 0,
  });
}
