import type { ReactNode } from 'react';

interface SectionProps {
  /** The heading's id: the section is named by its heading. */
  id: string;
  title: ReactNode;
  /** What the card is for, under the heading and spaced from the content. */
  description?: ReactNode;
  /** Padding, spacing and grid placement; the card itself looks the same everywhere. */
  className: string;
  /** The content's query is fetching. */
  busy?: boolean;
  children: ReactNode;
}

/** A white card of a page with its own h2, which names it for screen readers. */
export function Section({ id, title, description, className, busy, children }: SectionProps) {
  return (
    <section
      aria-labelledby={id}
      aria-busy={busy}
      className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 mb-4 text-sm text-slate-600">{description}</p>}
      {children}
    </section>
  );
}
