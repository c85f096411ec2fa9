import { paths } from '../../../app/paths';
import { AppPage } from '../../../components/ui/layout/app-page';
import { EmptyStart } from '../../../components/ui/feedback/empty-start';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { CardList } from '../../../components/ui/tables/card-list';
import { useMyPackages } from '../api/get-my-packages';
import { MyPackageCard } from '../components/my-package-card';

export function MyPackagesPage() {
  const packages = useMyPackages();
  return (
    <AppPage
      title="My Packages"
      meta="Your call-minute packages, the minutes left and their expiry."
      description="Your call-minute packages and the minutes left."
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
        {(item) => <MyPackageCard key={item.id} item={item} />}
      </CardList>
    </AppPage>
  );
}
