import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../lib/api-types';

export type SmsStatus = 'sending' | 'sent' | 'delivered' | 'failed';

export type SmsMessage = Schema<'SmsItem'>;

export const MESSAGES_PAGE_SIZE = 10;
const POLL_MS = 3000;
// A carrier's delivery report normally comes within seconds; past this, stop asking.
const POLL_WINDOW_MS = 5 * 60_000;

export function getMessages(page: number): Promise<Paged<SmsMessage>> {
  return api.get<Paged<SmsMessage>>(`/sms?${pageQuery(page, MESSAGES_PAGE_SIZE)}`);
}

function awaitingReport(item: SmsMessage): boolean {
  if (item.status !== 'sending' && item.status !== 'sent') return false;
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
