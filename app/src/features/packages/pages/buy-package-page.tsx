import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
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
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Buy Package</h1>
        <p className="mt-1 text-slate-600">
          Prepaid call-minute packages for your outbound calls. Unused minutes expire at the end of
          the package's validity.
        </p>
      </div>
      <section aria-label="Packages" aria-busy={packages.isFetching}>
        {packages.isPending ? (
          <p role="status" className="flex items-center gap-2 py-8 text-slate-600">
            <Spinner /> Loading packages...
          </p>
        ) : packages.isError ? (
          <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <LoadError
              message={messageOf(packages.error, 'Could not load the packages.')}
              onRetry={() => void packages.refetch()}
              retrying={packages.isFetching}
            />
          </div>
        ) : packages.data.length === 0 ? (
          <p
            role="status"
            className="rounded-2xl border border-slate-200 bg-white p-10 text-center text-slate-600"
          >
            No packages are on sale right now.
          </p>
        ) : (
          <div className="grid gap-6 md:grid-cols-3">
            {packages.data.map((item) => (
              <PackageCard key={item.id} item={item} onPurchase={() => setChosen(item)} />
            ))}
          </div>
        )}
      </section>
      {chosen && <PurchasePackageDialog item={chosen} onClose={() => setChosen(null)} />}
    </div>
  );
}
