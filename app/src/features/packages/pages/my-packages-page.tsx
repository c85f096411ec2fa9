import { useState } from 'react';
import { paths } from '../../../app/paths';
import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { AppPage } from '../../../components/ui/layout/app-page';
import { EmptyStart } from '../../../components/ui/feedback/empty-start';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { CardList } from '../../../components/ui/tables/card-list';
import { useMyPackages, type MyPackage } from '../api/get-my-packages';
import { cancelRenewalConfirm } from '../components/cancel-renewal-confirm';
import { MyPackageCard } from '../components/my-package-card';

export function MyPackagesPage() {
  const packages = useMyPackages();
  const [cancelling, setCancelling] = useState<MyPackage | null>(null);
  return (
    <AppPage
      title="My Packages"
      meta="Your monthly plans, the minutes left and when they renew or expire."
      description="Your monthly plans and the minutes left. A renewing plan renews on its date until you cancel it."
      actions={<ButtonLink to={paths.client.buyPackage}>Buy Package</ButtonLink>}
    >
      <CardList
        label="My packages"
        query={packages}
        loading="Loading packages..."
        error="Could not load your packages."
        grid="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        empty={
          <EmptyStart to={paths.client.buyPackage} action="Buy a package" card>
            No packages
          </EmptyStart>
        }
      >
        {(item) => (
          <MyPackageCard key={item.id} item={item} onCancelRenewal={() => setCancelling(item)} />
        )}
      </CardList>
      {cancelling && (
        <ActionConfirmDialog
          {...cancelRenewalConfirm(cancelling)}
          onClose={() => setCancelling(null)}
        />
      )}
    </AppPage>
  );
}
