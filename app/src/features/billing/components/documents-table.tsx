import { useDocuments } from '../api/documents';
import { DocumentsList } from './documents-list';

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
    <section
      aria-labelledby="documents-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
        Receipts and statements
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Each is numbered and never changes once issued; we also e-mail it to your billing address. A
        statement&apos;s amount is its closing balance.
      </p>
      {body}
    </section>
  );
}
