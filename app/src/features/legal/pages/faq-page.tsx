import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { faqGroups } from '../components/faq-content';

export function FaqPage() {
  usePageMeta(
    'FAQ',
    'Answers to common questions about Dialtone numbers, billing, packages, refunds and support.',
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">
        Frequently Asked Questions
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        Can&apos;t find what you are looking for?{' '}
        <Link to={paths.contact} className="font-medium text-brand-700 hover:underline">
          Contact our support team
        </Link>
        .
      </p>
      {faqGroups.map((group) => (
        <section key={group.title} className="mt-10">
          <h2 className="text-2xl font-semibold text-slate-900">{group.title}</h2>
          <div className="mt-4 space-y-3">
            {group.items.map((item) => (
              <details
                key={item.q}
                className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <summary className="cursor-pointer font-semibold text-slate-900">{item.q}</summary>
                <p className="mt-3 text-slate-600">{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
