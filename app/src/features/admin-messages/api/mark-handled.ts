import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, messageOf } from '../../../lib/api-client';
import { messagesKey } from './get-messages';

export function markHandled(id: number) {
  return api.post<unknown>(`/admin/messages/${id}/handled`);
}

export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHandled,
    onSuccess: () => {
      toast.success('Message marked as handled');
      return queryClient.invalidateQueries({ queryKey: messagesKey });
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Could not update the message'));
    },
  });
}
