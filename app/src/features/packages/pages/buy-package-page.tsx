import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useState } from 'react';
import { AppPage } from '../../../components/ui/layout/app-page';
import { CardList } from '../../../components/ui/tables/card-list';
import { usePackages, type CataloguePackage } from '../api/get-packages';
import { PackageCard } from '../components/package-card';
import { purchasePackageConfirm } from '../components/purchase-package-confirm';

export function BuyPackagePage() {
  const packages = usePackages();
  const [chosen, setChosen] = useState<CataloguePackage | null>(null);
  return (
    <AppPage
      title="Buy Package"
      meta="Monthly plans of outbound minutes, numbers and IVR flows."
      description="Monthly plans of outbound minutes, numbers and IVR flows, paid from your balance. A plan renews monthly until you cancel it; unused minutes expire at the end of each month."
    >
      <CardList
        label="Packages"
        query={packages}
        loading="Loading packages..."
        error="Could not load the packages."
        empty="No packages are on sale right now."
        grid="grid gap-6 md:grid-cols-3"
      >
        {(item) => <PackageCard key={item.id} item={item} onPurchase={() => setChosen(item)} />}
      </CardList>
      {chosen && (
        <ActionConfirmDialog {...purchasePackageConfirm(chosen)} onClose={() => setChosen(null)} />
      )}
    </AppPage>
  );
}
