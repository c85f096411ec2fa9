import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type MyPackage = Schema<'OwnedPackage'>;

export const myPackagesKey = ['packages', 'mine'] as const;

export function useMyPackages() {
  return useApiGet(myPackagesKey, '/packages/mine', {
    select: (data: { packages: MyPackage[] }) => data.packages,
    staleTime: 0,
  });
}
