import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type MessageStatus = 'open' | 'handled' | 'all';

export type ContactMessage = Schema<'MessageView'>;

export type MessagePage = Schema<'Page_MessageView'>;

export const PAGE_SIZE = 20;

export function getMessages(status: MessageStatus, page: number): Promise<MessagePage> {
  const query = new URLSearchParams({ status, page: String(page), pageSize: String(PAGE_SIZE) });
  return api.get<MessagePage>(`/admin/messages?${query.toString()}`);
}

export const messagesKey = ['admin', 'messages'] as const;

export function useMessages(status: MessageStatus, page: number) {
  return useQuery({
    queryKey: [...messagesKey, status, page],
    queryFn: () => getMessages(status, page),
    placeholderData: keepPreviousData,
  });
}
