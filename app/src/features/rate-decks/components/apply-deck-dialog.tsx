import toast from 'react-hot-toast';
import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { applyRateDeck } from '../api/apply-rate-deck';
import { rateDecksKey, type RateDeck } from '../api/get-rate-decks';
import { formatDeckDate, takesEffectNow } from './deck-dates';

interface ApplyDeckDialogProps {
  deck: RateDeck;
  onApplied: () => void;
  onClose: () => void;
}

export function ApplyDeckDialog({ deck, onApplied, onClose }: ApplyDeckDialogProps) {
  const date = formatDeckDate(deck.effectiveFrom);
  const prefixes = `${deck.rows.toLocaleString('en-US')} ${deck.rows === 1 ? 'prefix' : 'prefixes'}`;
  return (
    <ActionConfirmDialog
      title="Apply Rate Deck"
      confirmLabel="Apply deck"
      action={() => applyRateDeck(deck.id)}
      onDone={({ item }) => {
        toast.success(
          item.status === 'scheduled'
            ? `${item.name} is scheduled for ${date}`
            : `${item.name} is in force`,
        );
        onApplied();
      }}
      refresh={rateDecksKey}
      failure="Could not apply the deck."
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Apply {deck.name} ({prefixes})?
      </p>
      <p className="mt-2">
        {takesEffectNow(deck.effectiveFrom)
          ? 'It takes effect at once: calls that start from now on are rated with it.'
          : `It takes effect on ${date} at 00:00 UTC: calls that start before then keep the current rates.`}
      </p>
      <p className="mt-2">
        Numbers none of its prefixes cover keep their Country Pricing rates. An applied deck stays
        in the history and cannot be deleted.
      </p>
    </ActionConfirmDialog>
  );
}
