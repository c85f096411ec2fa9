import type { FormEventHandler, ReactNode } from 'react';

interface FormCardProps {
  /** The heading's id: the form is named by its heading. */
  id: string;
  title: ReactNode;
  /** What the form is for, under the heading. */
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A page's form in a white card of its own, with an h2 that names it for screen readers. */
export function FormCard({ id, title, description, onSubmit, children }: FormCardProps) {
  return (
    <form
      noValidate
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={onSubmit}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      {children}
    </form>
  );
}
