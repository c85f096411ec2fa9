import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { deleteRateDeck } from '../api/delete-rate-deck';
import { rateDecksKey, type RateDeck } from '../api/get-rate-decks';

export function deleteDeckConfirm(deck: RateDeck, onDeleted: () => void) {
  return dangerConfirm('delete the deck', () => deleteRateDeck(deck.id), rateDecksKey, {
    title: 'Delete Draft',
    confirmLabel: 'Delete',
    success: `${deck.name} deleted`,
    onDone: onDeleted,
    question: `Delete the draft ${deck.name}?`,
    children: 'It was never applied, so no call was rated with it.',
  });
}
