import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';
import { rateDecksKey } from './get-rate-decks';

export type DeckPreview = Schema<'DeckPreview'>;
export type DeckChange = Schema<'DeckChange'>;

/**
 * What a draft changes against the deck in force now; rates moving by more than
 * `threshold` percent are flagged. The last answer stays on screen while another
 * threshold loads.
 */
export function useDeckPreview(id: number, threshold: string) {
  const query = new URLSearchParams({ threshold });
  return useQuery({
    queryKey: [...rateDecksKey, id, 'preview', threshold],
    queryFn: () => api.get<DeckPreview>(`/admin/rate-decks/${id}/preview?${query.toString()}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
