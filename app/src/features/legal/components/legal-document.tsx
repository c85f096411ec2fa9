import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';

export type LegalBlock = string | string[];

export interface LegalSection {
  heading: string;
  body: LegalBlock[];
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated: {updated}</p>
        <p className="mt-4 text-lg text-slate-600">{intro}</p>
      </header>
      <nav aria-label="Contents" className="mt-8 rounded-xl bg-slate-50 p-4">
        <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.heading}>
              <a href={`#${slug(section.heading)}`} className="text-brand-700 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.heading} id={slug(section.heading)} className="mt-10 scroll-mt-24">
          <h2 className="text-2xl font-semibold text-slate-900">
            {index + 1}. {section.heading}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {section.body.map((block, i) =>
              typeof block === 'string' ? (
                <p key={i}>{block}</p>
              ) : (
                <ul key={i} className="list-disc space-y-1 pl-6">
                  {block.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </div>
        </section>
      ))}
      <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
        Questions about this document?{' '}
        <Link to={paths.contact} className="font-medium text-brand-700 hover:underline">
          Contact us
        </Link>{' '}
        or write to support@dialtone.test.
      </p>
    </article>
  );
}
