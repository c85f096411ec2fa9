import { usePageMeta } from '../../../lib/use-page-meta';
import { LegalDocument } from '../components/legal-document';
import { privacyIntro, privacySections } from '../components/privacy-content';

export function PrivacyPage() {
  usePageMeta('Privacy Policy', 'How Dialtone collects, uses and protects your personal data.');
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="January 15, 2025"
      intro={privacyIntro}
      sections={privacySections}
    />
  );
}
