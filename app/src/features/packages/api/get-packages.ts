import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A package on sale. */
export interface CataloguePackage {
  id: number;
  name: string;
  minutes: number;
  /** Dollars. */
  price: number;
  /** Days. */
  validity: number;
  features: string[];
}

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
