import { api } from '../../../lib/api-client';

/** Deletes a draft; the server refuses an applied deck (409), which stays for history. */
export function deleteRateDeck(id: number) {
  return api.delete<void>(`/admin/rate-decks/${id}`);
}
