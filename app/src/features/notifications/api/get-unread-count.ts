import { useQuery } from '@tanstack/react-query';
import { getNotifications, notificationsKey } from './get-notifications';

export const UNREAD_REFETCH_MS = 60_000;

/** The unread count for the shell's badge: one tiny page, refreshed every minute. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: () => getNotifications(1, 1),
    select: (page) => page.unread,
    refetchInterval: UNREAD_REFETCH_MS,
    staleTime: 0,
  });
}
