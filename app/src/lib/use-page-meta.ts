import { useEffect } from 'react';

const SITE = 'Dialtone';

/** Sets the document title and the meta description of the current page. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title === SITE ? SITE : `${title} | ${SITE}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
