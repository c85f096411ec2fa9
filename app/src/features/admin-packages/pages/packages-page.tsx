import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { useState } from 'react';
import { AddButton } from '../../../components/ui/add-button';
import { AppPage } from '../../../components/ui/app-page';
import { CardList } from '../../../components/ui/card-list';
import { useAdminPackages, type AdminPackage } from '../api/get-admin-packages';
import { AdminPackageCard } from '../components/admin-package-card';
import { deletePackageConfirm } from '../components/delete-package-confirm';
import { PackageFormDialog } from '../components/package-form-dialog';

type Open = { action: 'create' } | { action: 'edit' | 'delete'; item: AdminPackage };

export function PackagesPage() {
  const packages = useAdminPackages();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  return (
    <AppPage
      title="Manage Packages"
      meta="Call-minute packages on sale, their prices and subscribers."
      description="Call-minute packages on sale, their prices, validity and subscribers."
      actions={<AddButton onClick={() => setOpen({ action: 'create' })}>Add New Package</AddButton>}
    >
      <CardList
        label="Packages"
        query={packages}
        loading="Loading packages..."
        error="Could not load the packages."
        empty="No packages yet"
        grid="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      >
        {(item) => (
          <AdminPackageCard
            key={item.id}
            item={item}
            onEdit={() => setOpen({ action: 'edit', item })}
            onDelete={() => setOpen({ action: 'delete', item })}
          />
        )}
      </CardList>
      {open?.action === 'create' && <PackageFormDialog onClose={close} />}
      {open?.action === 'edit' && <PackageFormDialog item={open.item} onClose={close} />}
      {open?.action === 'delete' && (
        <ActionConfirmDialog {...deletePackageConfirm(open.item)} onClose={close} />
      )}
    </AppPage>
  );
}
