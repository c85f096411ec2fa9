import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, messageOf } from '../../../lib/api-client';
import { messagesKey } from './get-messages';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

export function markHandled(id: number) {
  return api.post<unknown>(`/admin/messages/${id}/handled`);
}

export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHandled,
    onSuccess: () => {
      toast.success('Message marked as handled');
      return refreshAfterWrite(queryClient, { queryKey: messagesKey });
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Could not update the message'));
    },
  });
}
