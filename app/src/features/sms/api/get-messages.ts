import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../generated/api-types';

// `queued`: waiting for the SMPP link; `undelivered`: the carrier's receipt said so.
export type SmsStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export type SmsMessage = Schema<'SmsItem'>;

export const MESSAGES_PAGE_SIZE = 10;
const POLL_MS = 3000;
// A carrier's delivery report normally comes within seconds; past this, stop asking.
const POLL_WINDOW_MS = 5 * 60_000;

export function getMessages(page: number): Promise<Paged<SmsMessage>> {
  return api.get<Paged<SmsMessage>>(`/sms?${pageQuery(page, MESSAGES_PAGE_SIZE)}`);
}

function awaitingReport(item: SmsMessage): boolean {
  if (!['queued', 'sending', 'sent'].includes(item.status)) return false;
  return Date.now() - new Date(item.date).getTime() < POLL_WINDOW_MS;
}

export function useMessages(page: number) {
  return useQuery({
    queryKey: ['sms', 'list', page],
    queryFn: () => getMessages(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Follow fresh messages until the carrier reports them delivered or failed.
    refetchInterval: (query) => (query.state.data?.items.some(awaitingReport) ? POLL_MS : false),
  });
}
