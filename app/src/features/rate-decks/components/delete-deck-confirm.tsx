import type { ActionConfirm } from '../../../components/ui/action-confirm-dialog';
import { deleteRateDeck } from '../api/delete-rate-deck';
import { rateDecksKey, type RateDeck } from '../api/get-rate-decks';

export function deleteDeckConfirm(deck: RateDeck, onDeleted: () => void): ActionConfirm<unknown> {
  return {
    title: 'Delete Draft',
    confirmLabel: 'Delete',
    danger: true,
    action: () => deleteRateDeck(deck.id),
    success: `${deck.name} deleted`,
    onDone: onDeleted,
    refresh: rateDecksKey,
    failure: 'Could not delete the deck.',
    question: `Delete the draft ${deck.name}?`,
    children: 'It was never applied, so no call was rated with it.',
  };
}
