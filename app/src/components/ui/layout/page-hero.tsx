import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** The banner at the top of a marketing page; holds the page's only h1. */
export function PageHero({ eyebrow, title, description, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 px-4 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-4xl text-center">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{description}</p>
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
