import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AdminPackage {
  id: number;
  name: string;
  minutes: number;
  price: number;
  validity: number;
  features: string[];
  status: 'active' | 'inactive' | (string & {});
  subscribers: number;
}

/** What the create and edit calls take. */
export interface PackageBody {
  name: string;
  minutes: number;
  price: number;
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
