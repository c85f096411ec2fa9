import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type RateDeck = Schema<'RateDeck'>;

/** Every query of the page starts with this key: an upload, apply or delete refreshes them all. */
export const rateDecksKey = ['admin', 'rate-decks'] as const;

/** The decks, newest first (the server lists the latest 200), each with its status now. */
export function useRateDecks() {
  return useApiGet<Schema<'RateDeckList'>, RateDeck[]>(rateDecksKey, '/admin/rate-decks', {
    staleTime: 0,
    select: (data) => data.items,
  });
}
