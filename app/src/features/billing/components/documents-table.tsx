import { Button } from '../../../components/ui/basics/button';
import { usd } from '../../../lib/core';
import { useDocuments, useDownloadDocument, type DocumentView } from '../api/documents';

function Row({ doc }: { doc: DocumentView }) {
  const download = useDownloadDocument();
  const busy = download.isPending;
  return (
    <tr className="border-t border-slate-100">
      <td className="py-2 pr-4 font-medium text-slate-900">{doc.number}</td>
      <td className="py-2 pr-4 capitalize">{doc.kind}</td>
      <td className="py-2 pr-4">{doc.period ?? new Date(doc.issuedAt).toLocaleDateString()}</td>
      <td className="py-2 pr-4 text-right tabular-nums">{usd(doc.total)}</td>
      <td className="py-2 text-right whitespace-nowrap">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Download ${doc.number} as PDF`}
          loading={busy}
          onClick={() => download.mutate({ doc, format: 'pdf' })}
        >
          PDF
        </Button>
        {doc.kind === 'statement' && (
          <Button
            size="sm"
            variant="secondary"
            className="ml-2"
            aria-label={`Download ${doc.number} as CSV`}
            disabled={busy}
            onClick={() => download.mutate({ doc, format: 'csv' })}
          >
            CSV
          </Button>
        )}
      </td>
    </tr>
  );
}

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
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">Number</th>
              <th className="py-2 pr-4 font-medium">Type</th>
              <th className="py-2 pr-4 font-medium">Period or date</th>
              <th className="py-2 pr-4 text-right font-medium">Amount</th>
              <th className="py-2 text-right font-medium">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.data.items.map((doc) => (
              <Row key={doc.id} doc={doc} />
            ))}
          </tbody>
        </table>
      </div>
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
