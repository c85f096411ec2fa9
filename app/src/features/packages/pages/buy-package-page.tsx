import { useState } from 'react';
import { ListStates } from '../../../components/ui/list-panel';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingStatus } from '../../../components/ui/spinner';
import { usePageMeta } from '../../../lib/use-page-meta';
import { usePackages, type CataloguePackage } from '../api/get-packages';
import { PackageCard } from '../components/package-card';
import { PurchasePackageDialog } from '../components/purchase-package-dialog';

export function BuyPackagePage() {
  usePageMeta('Buy Package', 'Prepaid call-minute packages for your outbound calls.');
  const packages = usePackages();
  const [chosen, setChosen] = useState<CataloguePackage | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Buy Package"
        description="Prepaid call-minute packages for your outbound calls. Unused minutes expire at the end of the package's validity."
      />
      <section aria-label="Packages" aria-busy={packages.isFetching}>
        <ListStates
          cards
          query={packages}
          loading={<LoadingStatus label="Loading packages..." />}
          error="Could not load the packages."
          isEmpty={(data) => data.length === 0}
          empty="No packages are on sale right now."
        >
          {(data) => (
            <div className="grid gap-6 md:grid-cols-3">
              {data.map((item) => (
                <PackageCard key={item.id} item={item} onPurchase={() => setChosen(item)} />
              ))}
            </div>
          )}
        </ListStates>
      </section>
      {chosen && <PurchasePackageDialog item={chosen} onClose={() => setChosen(null)} />}
    </div>
  );
}
