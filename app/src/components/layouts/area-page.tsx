import { usePageMeta } from '../../lib/use-page-meta';

interface AreaPageProps {
  title: string;
  description: string;
}

/** A signed-in page that shows its title and what it is for. */
export function AreaPage({ title, description }: AreaPageProps) {
  usePageMeta(title, description);
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{description}</p>
    </section>
  );
}
