import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type MessageStatus = 'open' | 'handled' | 'all';

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  handled: boolean;
}

export interface MessagePage {
  items: ContactMessage[];
  total: number;
}

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
