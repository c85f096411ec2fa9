import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

export type MyPackage = Schema<'OwnedPackage'>;

export const myPackagesKey = ['packages', 'mine'] as const;

export function getMyPackages() {
  return api.get<{ packages: MyPackage[] }>('/packages/mine');
}

export function useMyPackages() {
  return useQuery({
    queryKey: myPackagesKey,
    queryFn: getMyPackages,
    select: (data) => data.packages,
    staleTime: 0,
  });
}
