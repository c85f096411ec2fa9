import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

/** `price` in dollars, `validity` in days. */
export type CataloguePackage = Schema<'PackageView'>;

export function usePackages() {
  return useApiGet(['packages', 'catalogue'], '/packages', {
    select: (data: { packages: CataloguePackage[] }) => data.packages,
  });
}
