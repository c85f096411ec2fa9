import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useAdminPackages, type AdminPackage } from '../api/get-admin-packages';
import { AdminPackageCard } from '../components/admin-package-card';
import { DeletePackageDialog } from '../components/delete-package-dialog';
import { PackageFormDialog } from '../components/package-form-dialog';

type Open = { action: 'create' } | { action: 'edit' | 'delete'; item: AdminPackage };

export function PackagesPage() {
  usePageMeta('Manage Packages', 'Call-minute packages on sale, their prices and subscribers.');
  const packages = useAdminPackages();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Manage Packages</h1>
          <p className="mt-1 text-slate-600">
            Call-minute packages on sale, their prices, validity and subscribers.
          </p>
        </div>
        <Button onClick={() => setOpen({ action: 'create' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add New Package
        </Button>
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
            No packages yet
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {packages.data.map((item) => (
              <AdminPackageCard
                key={item.id}
                item={item}
                onEdit={() => setOpen({ action: 'edit', item })}
                onDelete={() => setOpen({ action: 'delete', item })}
              />
            ))}
          </div>
        )}
      </section>
      {open?.action === 'create' && <PackageFormDialog onClose={close} />}
      {open?.action === 'edit' && <PackageFormDialog item={open.item} onClose={close} />}
      {open?.action === 'delete' && <DeletePackageDialog item={open.item} onClose={close} />}
    </div>
  );
}
