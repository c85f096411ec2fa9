import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useMyPackages } from '../api/get-my-packages';
import { MyPackageCard } from '../components/my-package-card';

export function MyPackagesPage() {
  usePageMeta('My Packages', 'Your call-minute packages, the minutes left and their expiry.');
  const packages = useMyPackages();
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My Packages</h1>
          <p className="mt-1 text-slate-600">Your call-minute packages and the minutes left.</p>
        </div>
        <ButtonLink to={paths.client.buyPackage}>Buy Package</ButtonLink>
      </div>
      <section aria-label="My packages" aria-busy={packages.isFetching}>
        {packages.isPending ? (
          <p role="status" className="flex items-center gap-2 py-8 text-slate-600">
            <Spinner /> Loading packages...
          </p>
        ) : packages.isError ? (
          <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <LoadError
              message={messageOf(packages.error, 'Could not load your packages.')}
              onRetry={() => void packages.refetch()}
              retrying={packages.isFetching}
            />
          </div>
        ) : packages.data.length === 0 ? (
          <div
            role="status"
            className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-10 text-center shadow-sm"
          >
            <p className="font-medium text-slate-900">No packages</p>
            <ButtonLink to={paths.client.buyPackage} variant="secondary">
              Buy a package
            </ButtonLink>
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {packages.data.map((item) => (
              <MyPackageCard key={item.id} item={item} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
