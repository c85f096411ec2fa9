import { Button } from '../../../components/ui/basics/button';
import { PlanDetails } from '../../pricing/components/plan-details';
import type { CataloguePackage } from '../api/get-packages';

interface PackageCardProps {
  item: CataloguePackage;
  onPurchase: () => void;
}

/** A plan on sale: its price a month and what it includes, as the catalogue has them. */
export function PackageCard({ item, onPurchase }: PackageCardProps) {
  const headingId = `package-${item.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        item.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {item.name}
        </h2>
        {item.popular && (
          <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
            MOST POPULAR
          </span>
        )}
      </div>
      <PlanDetails plan={item} size="text-3xl" />
      <Button className="mt-6 w-full" onClick={onPurchase} aria-label={`Purchase ${item.name}`}>
        Purchase
      </Button>
    </article>
  );
}
