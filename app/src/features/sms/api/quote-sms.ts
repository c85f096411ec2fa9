import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SmsInput } from '../../../lib/core';
import type { Schema } from '../../../generated/api-types';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** `country`: the destination country's name. */
export type SmsQuote = Schema<'SmsQuote'>;

export function quoteSms(input: SmsInput, signal?: AbortSignal): Promise<SmsQuote> {
  return api.post<SmsQuote>('/sms/quote', input, { signal });
}

/** The price of a valid message before it is sent; `input` is null while the form is invalid. */
export function useSmsQuote(input: SmsInput | null) {
  return useQuery({
    queryKey: ['sms', 'quote', input],
    queryFn: ({ signal }) => quoteSms(input as SmsInput, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** The wait after the last keystroke before the message is priced. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * The live quote of an SMS form, for its SmsQuote: asked once typing settles, only for a
 * valid message (`input` gives null otherwise), and pending while the user still types.
 */
export function useLiveSmsQuote<V>(
  values: V,
  valid: boolean,
  input: (settled: V) => SmsInput | null,
) {
  const settled = useDebouncedValue(values, QUOTE_DEBOUNCE_MS);
  const quote = useSmsQuote(input(settled));
  const typing = settled !== values;
  return {
    idle: !valid,
    pending: valid && (typing || quote.isFetching),
    quote: quote.data,
    error: quote.error,
  };
}
