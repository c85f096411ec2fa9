import { api, isApiError } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';
import type { DeckErrors } from '../../../lib/core';

/** Sends the chosen file itself as the body: the server reads it as a stream. */
export function uploadRateDeck(name: string, file: File) {
  const query = new URLSearchParams({ name });
  return api.post<Schema<'RateDeckItem'>>(`/admin/rate-decks?${query.toString()}`, file, {
    headers: { 'Content-Type': 'text/csv' },
  });
}

/**
 * The errors by line of an upload the server refused, in the shape core's reader gives
 * in the browser, so that both show the same way; null for any other failure.
 */
export function refusedLines(error: unknown): DeckErrors | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const body = error.body as Partial<Schema<'DeckRefused'>> | undefined;
  if (!Array.isArray(body?.lines) || typeof body.total !== 'number') return null;
  return { total: body.total, errors: body.lines };
}
