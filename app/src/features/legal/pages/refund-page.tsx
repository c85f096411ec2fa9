import { usePageMeta } from '../../../lib/use-page-meta';
import { LegalDocument } from '../components/legal-document';
import { refundIntro, refundSections } from '../components/refund-content';

export function RefundPage() {
  usePageMeta(
    'Refund Policy',
    'When Dialtone refunds prepaid balances, failed charges and duplicate payments.',
  );
  return (
    <LegalDocument
      title="Refund Policy"
      updated="January 15, 2025"
      intro={refundIntro}
      sections={refundSections}
    />
  );
}
