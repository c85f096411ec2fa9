import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { CtaPanel } from '../../../components/ui/layout/cta-panel';
import { PageHero } from '../../../components/ui/layout/page-hero';
import { usePageMeta } from '../../../lib/use-page-meta';
import { usePricingSummary } from '../../pricing/api/get-pricing';
import { cheapestPlan, usePlans } from '../../pricing/api/get-plans';
import { ProductCard } from '../components/product-card';
import { products } from '../components/products-data';

export function ProductsPage() {
  usePageMeta(
    'Products',
    'Virtual phone numbers, inbound and outbound calls, SMS, IVR and global coverage from Dialtone.',
  );
  const summary = usePricingSummary().data;
  const cheapest = cheapestPlan(usePlans().data ?? []);
  return (
    <>
      <PageHero
        eyebrow="Products"
        title="Communication tools that grow with you"
        description="Numbers, voice, messaging and call flows in over 150 countries, all on one prepaid balance."
      />
      <section aria-label="Products" className="bg-slate-50 px-4 py-16">
        <ul className="mx-auto grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} summary={summary} cheapest={cheapest} />
            </li>
          ))}
        </ul>
      </section>
      <CtaPanel
        title="Need a Custom Solution?"
        description="High volumes, special number ranges or a private SIP trunk? Our team will put together a plan that fits."
      >
        <ButtonLink to={paths.contact} variant="inverse" size="lg">
          Contact Sales
        </ButtonLink>
      </CtaPanel>
    </>
  );
}
