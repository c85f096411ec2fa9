import type { ReactNode } from 'react';
import { usePageMeta } from '../../../lib/use-page-meta';
import { PageHeader } from './page-header';

interface AppPageProps {
  /** The h1, and the document's title. */
  title: string;
  description: ReactNode;
  /** The document's meta description, when it is not the description on screen. */
  meta?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A signed-in page: its document title and description, its header, then its content. */
export function AppPage({ title, meta, description, actions, children }: AppPageProps) {
  usePageMeta(title, meta ?? (typeof description === 'string' ? description : title));
  return (
    <div className="space-y-6">
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
