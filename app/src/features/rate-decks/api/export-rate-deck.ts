import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiBlob, messageOf } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** The name the server's Content-Disposition gives the file too. */
export function deckFilename(id: number): string {
  return `rate-deck-${id}.csv`;
}

/** The deck as CSV, in the format an upload takes, saved through a blob. */
export async function exportRateDeck(id: number): Promise<void> {
  const csv = await apiBlob(`/admin/rate-decks/${id}/export`, { headers: { Accept: 'text/csv' } });
  saveBlob(csv, deckFilename(id));
}

export function useExportRateDeck() {
  return useMutation({
    mutationFn: exportRateDeck,
    onError: (error) => {
      toast.error(messageOf(error, 'Could not export the deck. Please try again.'));
    },
  });
}
