import { IconCardList } from '../../../components/ui/layout/icon-card-list';
import { PageHero } from '../../../components/ui/layout/page-hero';
import { usePageMeta } from '../../../lib/use-page-meta';
import { ComparisonTable } from '../components/comparison-table';
import { categories } from '../components/feature-data';

export function FeaturesPage() {
  usePageMeta(
    'Features',
    'Dialtone features: virtual numbers, IVR, APIs, redundancy, security, email support and a plan comparison.',
  );
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Powerful features, simple to use"
        description="Everything a business phone system needs, with the APIs and support to go further."
      />
      <div className="space-y-16 bg-slate-50 px-4 py-16">
        {categories.map((category) => (
          <section key={category.id} aria-labelledby={`category-${category.id}`}>
            <div className="mx-auto max-w-6xl">
              <h2
                id={`category-${category.id}`}
                className="text-2xl font-bold tracking-tight text-slate-900"
              >
                {category.name}
              </h2>
              <p className="mt-1 text-slate-600">{category.summary}</p>
              <IconCardList
                items={category.items}
                look="feature"
                className="mt-6 grid gap-6 md:grid-cols-3"
              />
            </div>
          </section>
        ))}
      </div>
      <ComparisonTable />
    </>
  );
}
