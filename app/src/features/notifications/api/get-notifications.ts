import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';

export interface Notification {
  id: number;
  kind: string;
  title: string;
  message: string;
  date: string;
  read: boolean;
}

export interface NotificationPage extends Paged<Notification> {
  /** Unread notifications of the whole account, not only this page. */
  unread: number;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Every notifications query (the list pages and the unread count) lives under this key. */
export const notificationsKey = ['notifications'] as const;

export function getNotifications(page: number, pageSize = NOTIFICATIONS_PAGE_SIZE) {
  return api.get<NotificationPage>(`/notifications?${pageQuery(page, pageSize)}`);
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', page],
    queryFn: () => getNotifications(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
