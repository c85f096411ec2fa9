import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: ReactNode;
  /** Buttons or a field beside the title, e.g. "Add New Number". */
  actions?: ReactNode;
}

/** The top of a signed-in page: its h1, what it is for, and its own actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const heading = (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{description}</p>
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      {heading}
      {actions}
    </div>
  );
}
