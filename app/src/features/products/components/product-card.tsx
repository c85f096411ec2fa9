import { Check } from 'lucide-react';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/button-link';
import type { Product } from './products-data';

export function ProductCard({ product }: { product: Product }) {
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
      <ul className="mt-4 flex-1 space-y-2">
        {product.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <p className="mt-6 text-lg font-bold text-slate-900">{product.price}</p>
      <ButtonLink to={paths.signup} className="mt-4 w-full">
        Get Started
      </ButtonLink>
    </article>
  );
}
