import type { ReactNode } from 'react';

interface CtaPanelProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
}

export function CtaPanel({ title, description, children }: CtaPanelProps) {
  return (
    <section className="px-4 py-16">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-r from-brand-600 to-brand-800 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{description}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}
