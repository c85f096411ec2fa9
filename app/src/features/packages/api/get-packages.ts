import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

/** `price` in dollars, `validity` in days. */
export type CataloguePackage = Schema<'PackageView'>;

export function getPackages() {
  return api.get<{ packages: CataloguePackage[] }>('/packages');
}

export function usePackages() {
  return useQuery({
    queryKey: ['packages', 'catalogue'],
    queryFn: getPackages,
    select: (data) => data.packages,
  });
}
