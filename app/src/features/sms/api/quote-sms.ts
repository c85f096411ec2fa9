import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SmsInput } from '../../../lib/core';
import type { Schema } from '../../../lib/api-types';

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
