import type { ReactNode } from 'react';

interface SectionHeadingProps {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  as?: 'h1' | 'h2';
}

export function SectionHeading({
  eyebrow,
  title,
  description,
  as: Tag = 'h2',
}: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      )}
      <Tag className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </Tag>
      {description && <p className="mt-4 text-lg text-slate-600">{description}</p>}
    </div>
  );
}
