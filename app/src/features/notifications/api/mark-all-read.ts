import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, messageOf } from '../../../lib/api-client';
import { notificationsKey } from './get-notifications';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

export function markAllRead(): Promise<{ marked: number }> {
  return api.post<{ marked: number }>('/notifications/read-all');
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: ({ marked }) => {
      toast.success(
        marked === 1 ? '1 notification marked as read' : `${marked} notifications marked as read`,
      );
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Could not mark the notifications as read.'));
    },
    onSettled: () => {
      void refreshAfterWrite(queryClient, { queryKey: notificationsKey });
      void refreshAfterWrite(queryClient, { queryKey: ['dashboard'] });
    },
  });
}
