import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messageOf } from '../../../lib/api-client';
import { checkRateDeck, type DeckErrors, type DeckSummary } from '../../../lib/core-tools';
import { fetchCountryCodes } from '../api/get-country-codes';

export type DeckCheck =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'failed'; message: string }
  | { state: 'invalid'; errors: DeckErrors }
  | { state: 'valid'; summary: DeckSummary };

/**
 * Reads a chosen deck file with core's reader, as the server will, against the
 * countries of Country Pricing: every error by line before anything is uploaded.
 */
export function useDeckCheck() {
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<DeckCheck>({ state: 'none' });
  // Only the last file chosen may report: an earlier, larger one can finish later.
  const latest = useRef(0);

  /** Checks `file`; what it found, or null when another file was chosen meanwhile. */
  async function choose(file: File | null): Promise<DeckCheck | null> {
    const run = ++latest.current;
    if (!file) {
      setCheck({ state: 'none' });
      return null;
    }
    setCheck({ state: 'checking' });
    let next: DeckCheck;
    try {
      const [text, countries] = await Promise.all([file.text(), fetchCountryCodes(queryClient)]);
      const read = checkRateDeck(text, countries);
      next =
        read.errors || !read.summary
          ? { state: 'invalid', errors: read.errors ?? { total: 0, errors: [] } }
          : { state: 'valid', summary: read.summary };
    } catch (error) {
      next = { state: 'failed', message: messageOf(error, 'Could not read the file.') };
    }
    if (run !== latest.current) return null;
    setCheck(next);
    return next;
  }

  return { check, choose };
}
