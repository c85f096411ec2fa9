import { PageHero } from '../../../components/ui/page-hero';
import { usePageMeta } from '../../../lib/use-page-meta';
import { ComparisonTable } from '../components/comparison-table';
import { categories } from '../components/feature-data';

export function FeaturesPage() {
  usePageMeta(
    'Features',
    'Dialtone features: virtual numbers, IVR, APIs, redundancy, security, 24/7 support and a plan comparison.',
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
              <ul className="mt-6 grid gap-6 md:grid-cols-3">
                {category.items.map((item) => (
                  <li
                    key={item.title}
                    className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                  >
                    <item.icon className="h-7 w-7 text-brand-600" aria-hidden="true" />
                    <h3 className="mt-4 font-semibold text-slate-900">{item.title}</h3>
                    <p className="mt-2 text-sm text-slate-600">{item.description}</p>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>
      <ComparisonTable />
    </>
  );
}
