import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { CheckList } from '../../../components/ui/layout/check-list';
import type { PricingSummary } from '../../pricing/api/get-pricing';
import type { Plan } from '../../pricing/api/get-plans';
import type { Product } from './products-data';

export function ProductCard({
  product,
  summary,
  cheapest,
}: {
  product: Product;
  summary: PricingSummary | undefined;
  /** The cheapest plan on sale, once the plans have loaded. */
  cheapest: Plan | null;
}) {
  const price = summary ? product.price(summary) : null;
  const planLine = product.plan && cheapest ? [product.plan(cheapest)] : [];
  const headingId = `product-${product.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <product.icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <h2 id={headingId} className="mt-4 text-xl font-semibold text-slate-900">
        {product.name}
      </h2>
      <p className="mt-2 text-slate-600">{product.description}</p>
      <CheckList items={[...product.features, ...planLine]} className="mt-4" />
      <p className="mt-6 text-lg font-bold text-slate-900">
        {price ?? <span className="text-slate-400">Loading prices…</span>}
      </p>
      <ButtonLink to={paths.signup} className="mt-4 w-full">
        Get Started
      </ButtonLink>
    </article>
  );
}
