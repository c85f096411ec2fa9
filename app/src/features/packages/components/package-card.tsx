import { Button } from '../../../components/ui/basics/button';
import { CheckList } from '../../../components/ui/layout/check-list';
import { usd } from '../../../lib/core';
import type { CataloguePackage } from '../api/get-packages';

interface PackageCardProps {
  item: CataloguePackage;
  onPurchase: () => void;
}

export function PackageCard({ item, onPurchase }: PackageCardProps) {
  const headingId = `package-${item.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {item.name}
      </h2>
      <p className="mt-3">
        <span className="text-3xl font-bold text-slate-900">{usd(item.price)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {item.minutes} minutes, valid {item.validity} days
      </p>
      {item.features.length > 0 && <CheckList items={item.features} className="mt-4" />}
      <Button className="mt-6 w-full" onClick={onPurchase} aria-label={`Purchase ${item.name}`}>
        Purchase
      </Button>
    </article>
  );
}
