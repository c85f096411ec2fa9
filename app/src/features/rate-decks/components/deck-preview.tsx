import { CheckCircle2, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { Pagination } from '../../../components/ui/tables/pagination';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeckPreview, type DeckPreview } from '../api/get-deck-preview';
import type { RateDeck } from '../api/get-rate-decks';
import { DeckChangesTable } from './deck-changes-table';
import { formatDeckDate } from './deck-dates';
import { ListPanel } from '../../../components/ui/tables/list-panel';

const CHANGES_PER_PAGE = 25;

function Counts({ preview }: { preview: DeckPreview }) {
  const { diff } = preview;
  const counts = [
    ['Added', diff.added],
    ['Changed', diff.changed],
    ['Removed', diff.removed],
    ['Unchanged', diff.unchanged],
    [`Flagged (over ${preview.thresholdPercent}%)`, diff.flagged],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {counts.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd
            className="text-xl font-semibold text-slate-900 tabular-nums"
            data-testid={`count-${label.split(' ')[0].toLowerCase()}`}
          >
            {value.toLocaleString('en-US')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Changes({ preview }: { preview: DeckPreview }) {
  const [page, setPage] = useState(1);
  const { diff } = preview;
  const total = diff.added + diff.changed + diff.removed;
  if (total === 0) {
    return <EmptyStatus>The deck changes nothing against the deck in force.</EmptyStatus>;
  }
  const listed = diff.changes.length;
  // The threshold may shrink the list under the page on screen.
  const shownPage = Math.min(page, Math.max(1, Math.ceil(listed / CHANGES_PER_PAGE)));
  const start = (shownPage - 1) * CHANGES_PER_PAGE;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      {listed < total && (
        <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-600">
          The list holds {listed.toLocaleString('en-US')} of {total.toLocaleString('en-US')}{' '}
          changes, flagged ones first.
        </p>
      )}
      <DeckChangesTable changes={diff.changes.slice(start, start + CHANGES_PER_PAGE)} />
      {listed > CHANGES_PER_PAGE && (
        <Pagination
          label="Pages of changes"
          page={shownPage}
          pageSize={CHANGES_PER_PAGE}
          total={listed}
          onPage={setPage}
        />
      )}
    </div>
  );
}

interface DeckPreviewPanelProps {
  deck: RateDeck;
  onApply: (deck: RateDeck) => void;
  onDelete: (deck: RateDeck) => void;
  onClose: () => void;
}

/** What a draft changes against the deck in force, and the way to apply or delete it. */
export function DeckPreviewPanel({ deck, onApply, onDelete, onClose }: DeckPreviewPanelProps) {
  const [threshold, setThreshold] = useState('10');
  const settled = useDebouncedValue(threshold.trim(), 400);
  const preview = useDeckPreview(deck.id, settled);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const thresholdError = fieldErrorsOf(preview.error).threshold;
  const shown = preview.data?.deck ?? deck;

  // Opened from a row or after an upload: the preview is where the reader goes next.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <ListPanel
      labelledBy="deck-preview-heading"
      busy={preview.isFetching}
      className="space-y-4 p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id="deck-preview-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold break-words text-slate-900 focus:outline-none"
          >
            Preview: {shown.name}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {shown.rows.toLocaleString('en-US')} {shown.rows === 1 ? 'prefix' : 'prefixes'},
            effective from {formatDeckDate(shown.effectiveFrom)}.{' '}
            {preview.data &&
              (preview.data.against
                ? `Compared with ${preview.data.against.name}, the deck in force now; a prefix it lacks, with its country's rate.`
                : "No deck is in force yet, so every prefix counts as added and is compared with its country's rate.")}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close preview">
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="max-w-xs">
        <TextField
          id="deck-threshold"
          label="Flag rates moving by more than (%)"
          inputMode="decimal"
          autoComplete="off"
          value={threshold}
          error={thresholdError}
          onChange={(event) => setThreshold(event.target.value)}
        />
      </div>
      {preview.isPending ? (
        <TableSkeleton label="Loading the preview..." columns={5} />
      ) : preview.isError ? (
        thresholdError ? null : (
          <QueryLoadError query={preview} fallback="Could not load the preview." />
        )
      ) : (
        <>
          <Counts preview={preview.data} />
          <Changes preview={preview.data} />
        </>
      )}
      {shown.status === 'draft' && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => onApply(shown)}>
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            Apply deck
          </Button>
          <Button variant="secondary" onClick={() => onDelete(shown)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete draft
          </Button>
        </div>
      )}
    </ListPanel>
  );
}
