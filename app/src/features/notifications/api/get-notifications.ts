import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/paging';
import type { Schema } from '../../../generated/api-types';

export type Notification = Schema<'Notification'>;

/** `unread`: unread notifications of the whole account, not only this page. */
export type NotificationPage = Schema<'NotificationPage'>;

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
