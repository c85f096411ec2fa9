import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { useState } from 'react';
import { AddButton } from '../../../components/ui/add-button';
import { AppPage } from '../../../components/ui/app-page';
import { CardList } from '../../../components/ui/card-list';
import { useRowAction } from '../../../lib/use-row-action';
import { useAdminPackages, type AdminPackage } from '../api/get-admin-packages';
import { AdminPackageCard } from '../components/admin-package-card';
import { deletePackageConfirm } from '../components/delete-package-confirm';
import { PackageFormDialog } from '../components/package-form-dialog';

export function PackagesPage() {
  const packages = useAdminPackages();
  const [creating, setCreating] = useState(false);
  const { open, onAction, close } = useRowAction<'edit' | 'delete', AdminPackage>();

  return (
    <AppPage
      title="Manage Packages"
      meta="Call-minute packages on sale, their prices and subscribers."
      description="Call-minute packages on sale, their prices, validity and subscribers."
      actions={<AddButton onClick={() => setCreating(true)}>Add New Package</AddButton>}
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
            onEdit={() => onAction('edit', item)}
            onDelete={() => onAction('delete', item)}
          />
        )}
      </CardList>
      {creating && <PackageFormDialog onClose={() => setCreating(false)} />}
      {open?.action === 'edit' && <PackageFormDialog item={open.row} onClose={close} />}
      {open?.action === 'delete' && (
        <ActionConfirmDialog {...deletePackageConfirm(open.row)} onClose={close} />
      )}
    </AppPage>
  );
}
