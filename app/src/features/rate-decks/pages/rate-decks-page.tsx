import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useState } from 'react';
import { AppPage } from '../../../components/ui/layout/app-page';
import { ListStates, TitledListPanel } from '../../../components/ui/tables/list-panel';
import { Pagination } from '../../../components/ui/tables/pagination';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useExportRateDeck } from '../api/export-rate-deck';
import { useRateDecks, type RateDeck } from '../api/get-rate-decks';
import { ApplyDeckDialog } from '../components/apply-deck-dialog';
import { DeckImport } from '../components/deck-import';
import { DeckPreviewPanel } from '../components/deck-preview';
import { DecksTable } from '../components/decks-table';
import { deleteDeckConfirm } from '../components/delete-deck-confirm';

const DECKS_PER_PAGE = 20;

type Open = { action: 'apply' | 'delete'; deck: RateDeck };

export function RateDecksPage() {
  const decks = useRateDecks();
  const exporter = useExportRateDeck();
  const [previewing, setPreviewing] = useState<RateDeck | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const [page, setPage] = useState(1);
  const close = () => setOpen(null);
  // The preview shows a draft; once it is applied or deleted there is nothing left to preview.
  const done = () => setPreviewing(null);

  return (
    <AppPage
      title="Rate Decks"
      description="Import per-prefix rates from a CSV file, preview what changes, and apply them"
    >
      <DeckImport onUploaded={setPreviewing} />
      {previewing && (
        <DeckPreviewPanel
          key={previewing.id}
          deck={previewing}
          onApply={(deck) => setOpen({ action: 'apply', deck })}
          onDelete={(deck) => setOpen({ action: 'delete', deck })}
          onClose={done}
        />
      )}
      <TitledListPanel id="deck-history-heading" title="History" busy={decks.isFetching}>
        <ListStates
          query={decks}
          loading={<TableSkeleton label="Loading rate decks..." columns={6} />}
          error="Could not load the rate decks."
          empty="No rate decks yet. Calls are rated with Country Pricing until one is applied."
        >
          {(data) => {
            const shownPage = Math.min(page, Math.ceil(data.length / DECKS_PER_PAGE));
            const start = (shownPage - 1) * DECKS_PER_PAGE;
            return (
              <>
                <DecksTable
                  items={data.slice(start, start + DECKS_PER_PAGE)}
                  onPreview={setPreviewing}
                  onDelete={(deck) => setOpen({ action: 'delete', deck })}
                  exporter={exporter}
                />
                {data.length > DECKS_PER_PAGE && (
                  <Pagination
                    label="Pages of rate decks"
                    page={shownPage}
                    pageSize={DECKS_PER_PAGE}
                    total={data.length}
                    onPage={setPage}
                  />
                )}
              </>
            );
          }}
        </ListStates>
      </TitledListPanel>
      {open?.action === 'apply' && (
        <ApplyDeckDialog deck={open.deck} onApplied={done} onClose={close} />
      )}
      {open?.action === 'delete' && (
        <ActionConfirmDialog
          {...deleteDeckConfirm(open.deck, () => {
            if (previewing?.id === open.deck.id) done();
          })}
          onClose={close}
        />
      )}
    </AppPage>
  );
}
