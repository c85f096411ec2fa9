import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface MyPackage {
  id: number;
  name: string;
  minutes: number;
  remainingMinutes: number;
  status: 'active' | 'expired' | 'used' | (string & {});
  purchaseDate: string;
  expiryDate: string;
}

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
