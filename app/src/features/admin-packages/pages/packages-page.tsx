import { AddButton } from '../../../components/ui/basics/add-button';
import { AppPage } from '../../../components/ui/layout/app-page';
import { CardList } from '../../../components/ui/tables/card-list';
import { EditDialogs } from '../../../components/ui/dialogs/edit-dialogs';
import { useItemEditor } from '../../../lib/use-row-action';
import { useAdminPackages, type AdminPackage } from '../api/get-admin-packages';
import { AdminPackageCard } from '../components/admin-package-card';
import { deletePackageConfirm } from '../components/delete-package-confirm';
import { PackageFormDialog } from '../components/package-form-dialog';

export function PackagesPage() {
  const packages = useAdminPackages();
  const editor = useItemEditor<AdminPackage>();

  return (
    <AppPage
      title="Manage Packages"
      meta="Call-minute packages on sale, their prices and subscribers."
      description="Call-minute packages on sale, their prices, validity and subscribers."
      actions={<AddButton onClick={editor.create}>Add New Package</AddButton>}
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
            onEdit={() => editor.edit(item)}
            onDelete={() => editor.remove(item)}
          />
        )}
      </CardList>
      <EditDialogs editor={editor} form={PackageFormDialog} confirmDelete={deletePackageConfirm} />
    </AppPage>
  );
}
