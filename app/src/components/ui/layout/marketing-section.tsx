import type { ReactNode } from 'react';

interface MarketingSectionProps {
  /** The heading's id, which also names the section. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** The band's padding and background, e.g. `bg-slate-50 px-4 py-16`. */
  className: string;
  /** The content's width, e.g. `max-w-5xl`. */
  width?: string;
  children: ReactNode;
}

/** A band of a marketing page under a centred heading, e.g. About's values or team. */
export function MarketingSection({
  id,
  title,
  intro,
  className,
  width = 'max-w-6xl',
  children,
}: MarketingSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={`mx-auto ${width}`}>
        <h2 id={id} className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {intro && <p className="mt-2 text-center text-slate-600">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
