import { useDocuments } from '../api/documents';
import { DocumentsList } from './documents-list';
import { Section } from '../../../components/ui/layout/section';

/** The account's receipts (one per payment) and monthly statements, newest first. */
export function DocumentsTable() {
  const documents = useDocuments();
  let body;
  if (documents.isPending) body = <p role="status">Loading documents...</p>;
  else if (documents.isError) body = <p role="alert">Could not load your documents.</p>;
  else if (documents.data.items.length === 0)
    body = (
      <p className="text-sm text-slate-600">
        No documents yet. A receipt comes with every payment, and a statement after each month.
      </p>
    );
  else
    body = (
      <DocumentsList
        items={documents.data.items}
        base="/documents"
        caption="Your receipts and statements"
      />
    );
  return (
    <Section
      id="documents-heading"
      title="Receipts and statements"
      className="p-4 sm:p-6"
      description="Each is numbered and never changes once issued; we also e-mail it to your billing address. A statement's amount is its closing balance."
    >
      {body}
    </Section>
  );
}
