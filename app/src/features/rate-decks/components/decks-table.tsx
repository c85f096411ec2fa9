import { Download, Eye, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/basics/button';
import { actionsColumn, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { dateColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { formatDate } from '../../../lib/format-date';
import { sendingFor, type RowRequest } from '../../../lib/row-request';
import type { RateDeck } from '../api/get-rate-decks';
import { formatDeckDate } from './deck-dates';
import { DeckStatusBadge } from './deck-status-badge';

interface DecksTableProps {
  onPreview: (deck: RateDeck) => void;
  onDelete: (deck: RateDeck) => void;
  /** Downloads a deck as CSV; its button waits meanwhile. */
  exporter: RowRequest;
}

/** Every deck uploaded, newest first, with its status now. */
export const DecksTable = listTable<RateDeck, DecksTableProps>({
  caption: 'Rate decks, newest first',
  minWidth: 'min-w-[60rem]',
  columns: ({ onPreview, onDelete, exporter }) => [
    rowHeaderColumn(
      'Deck',
      (deck: RateDeck) => (
        <TwoLineCell
          title={deck.name}
          detail={`Uploaded ${formatDate(deck.createdAt)}${deck.createdBy ? ` by ${deck.createdBy}` : ''}`}
          detailClassName="text-xs text-slate-500"
        />
      ),
      'font-normal',
    ),
    { header: 'Status', cell: (deck) => <DeckStatusBadge status={deck.status} /> },
    {
      header: 'Prefixes',
      align: 'right',
      className: 'text-slate-900 tabular-nums',
      cell: (deck) => deck.rows.toLocaleString('en-US'),
    },
    {
      header: 'Effective From',
      className: 'whitespace-nowrap text-slate-700',
      cell: (deck) => (
        <time dateTime={deck.effectiveFrom}>{formatDeckDate(deck.effectiveFrom)}</time>
      ),
    },
    dateColumn('In Force From', (deck: RateDeck) => deck.inForceFrom, {
      withTime: true,
      empty: '—',
    }),
    actionsColumn(
      (deck: RateDeck) => (
        <div className="flex justify-end gap-2">
          {deck.status === 'draft' && (
            <>
              <Button variant="secondary" size="sm" onClick={() => onPreview(deck)}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                Preview <span className="sr-only">{deck.name}</span>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => onDelete(deck)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete <span className="sr-only">{deck.name}</span>
              </Button>
            </>
          )}
          <Button
            variant="secondary"
            size="sm"
            loading={sendingFor(exporter, deck.id)}
            onClick={() => exporter.mutate(deck.id)}
          >
            {!sendingFor(exporter, deck.id) && <Download className="h-4 w-4" aria-hidden="true" />}
            Export CSV <span className="sr-only">of {deck.name}</span>
          </Button>
        </div>
      ),
      { className: 'whitespace-nowrap' },
    ),
  ],
});
