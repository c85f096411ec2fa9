import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export function applyRateDeck(id: number) {
  return api.post<Schema<'RateDeckItem'>>(`/admin/rate-decks/${id}/apply`);
}
