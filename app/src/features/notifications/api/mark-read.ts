import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, messageOf } from '../../../lib/api-client';
import { notificationsKey, type NotificationPage } from './get-notifications';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

export function markRead(id: number): Promise<unknown> {
  return api.post(`/notifications/${id}/read`);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // The item stops looking unread at once; the server's answer then settles the counts.
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: [...notificationsKey, 'list'] });
      queryClient.setQueriesData<NotificationPage>(
        { queryKey: [...notificationsKey, 'list'] },
        (page) => {
          if (!page) return page;
          const target = page.items.find((item) => item.id === id && !item.read);
          if (!target) return page;
          return {
            ...page,
            unread: Math.max(0, page.unread - 1),
            items: page.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
          };
        },
      );
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Could not mark the notification as read.'));
    },
    onSettled: () => {
      void refreshAfterWrite(queryClient, { queryKey: notificationsKey });
      void refreshAfterWrite(queryClient, { queryKey: ['dashboard'] });
    },
  });
}
