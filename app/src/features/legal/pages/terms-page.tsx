import { usePageMeta } from '../../../lib/use-page-meta';
import { LegalDocument } from '../components/legal-document';
import { termsIntro, termsSections } from '../components/terms-content';

export function TermsPage() {
  usePageMeta('Terms of Service', 'The terms that govern your use of Dialtone services.');
  return (
    <LegalDocument
      title="Terms of Service"
      updated="January 15, 2025"
      intro={termsIntro}
      sections={termsSections}
    />
  );
}
