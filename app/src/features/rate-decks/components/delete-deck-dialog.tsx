import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { deleteRateDeck } from '../api/delete-rate-deck';
import { rateDecksKey, type RateDeck } from '../api/get-rate-decks';

interface DeleteDeckDialogProps {
  deck: RateDeck;
  onDeleted: () => void;
  onClose: () => void;
}

export function DeleteDeckDialog({ deck, onDeleted, onClose }: DeleteDeckDialogProps) {
  return (
    <ActionConfirmDialog
      title="Delete Draft"
      confirmLabel="Delete"
      danger
      action={() => deleteRateDeck(deck.id)}
      success={`${deck.name} deleted`}
      onDone={onDeleted}
      refresh={rateDecksKey}
      failure="Could not delete the deck."
      onClose={onClose}
      question={`Delete the draft ${deck.name}?`}
    >
      It was never applied, so no call was rated with it.
    </ActionConfirmDialog>
  );
}
