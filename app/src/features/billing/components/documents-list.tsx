import { Button } from '../../../components/ui/basics/button';
import { ScrollBox } from '../../../components/ui/layout/scroll-box';
import { usd } from '../../../lib/core';
import { useDownloadDocument, type DocumentView, type DocumentsBase } from '../api/documents';

type Format = 'pdf' | 'csv';

/** One format's download; the buttons of a row share one request, so one at a time. */
function DownloadButton({
  doc,
  format,
  download,
  className,
}: {
  doc: DocumentView;
  format: Format;
  download: ReturnType<typeof useDownloadDocument>;
  className?: string;
}) {
  const label = format.toUpperCase();
  // The PDF button shows the request's spinner; the others only wait for it.
  const spinner = format === 'pdf';
  return (
    <Button
      size="sm"
      variant="secondary"
      className={className}
      aria-label={`Download ${doc.number} as ${label}`}
      loading={spinner && download.isPending}
      disabled={!spinner && download.isPending}
      onClick={() => download.mutate({ doc, format })}
    >
      {label}
    </Button>
  );
}

function Row({ doc, base }: { doc: DocumentView; base: DocumentsBase }) {
  const download = useDownloadDocument(base);
  return (
    <tr className="border-t border-slate-100">
      <td className="py-2 pr-4 font-medium text-slate-900">{doc.number}</td>
      <td className="py-2 pr-4 capitalize">{doc.kind}</td>
      <td className="py-2 pr-4">{doc.period ?? new Date(doc.issuedAt).toLocaleDateString()}</td>
      <td className="py-2 pr-4 text-right tabular-nums">{usd(doc.total)}</td>
      <td className="py-2 text-right whitespace-nowrap">
        <DownloadButton doc={doc} format="pdf" download={download} />
        {doc.kind === 'statement' && (
          <DownloadButton doc={doc} format="csv" download={download} className="ml-2" />
        )}
      </td>
    </tr>
  );
}

/** Receipts and statements as a table, each downloadable from `base`. */
export function DocumentsList({
  items,
  base,
  caption,
}: {
  items: DocumentView[];
  base: DocumentsBase;
  caption: string;
}) {
  return (
    // ScrollBox, not a bare overflow box: its scroller is positioned, so the header's
    // sr-only label (absolutely positioned) scrolls with the table instead of widening
    // the page at 375 px once a statement row adds its CSV button.
    <ScrollBox label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
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
          {items.map((doc) => (
            <Row key={doc.id} doc={doc} base={base} />
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
