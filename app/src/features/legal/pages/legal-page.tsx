import { usePageMeta } from '../../../lib/use-page-meta';
import { LegalDocument, type LegalSection } from '../components/legal-document';

/** A legal document's text: privacy.json, refund.json and terms.json beside the component. */
export interface LegalText {
  title: string;
  /** The page's meta description. */
  description: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

/** The terms, privacy and refund pages: one layout, each page's text from its file. */
export function LegalPage({ text }: { text: LegalText }) {
  usePageMeta(text.title, text.description);
  return (
    <LegalDocument
      title={text.title}
      updated={text.updated}
      intro={text.intro}
      sections={text.sections}
    />
  );
}
