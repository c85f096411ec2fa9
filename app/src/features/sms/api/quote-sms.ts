import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SmsInput } from '../../../lib/core';

export interface SmsQuote {
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  characters: number;
  rate: number;
  cost: number;
  /** The destination country's name. */
  country: string;
}

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
