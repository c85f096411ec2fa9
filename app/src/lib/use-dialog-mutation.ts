import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { refreshAfterWrite } from './refresh-after-write';

interface DialogMutationOptions<R, A> {
  mutationFn: (arg: A) => Promise<R>;
  /** Says that it worked (a toast), before the dialog closes. */
  onSaved: (result: R) => void;
  onClose: () => void;
  /** The queries the call changes, fetched again once it succeeded. */
  refresh: QueryKey;
  onError?: (error: Error) => void;
}

/** A dialog's call to the API: once it succeeds, the dialog says so, closes, and what the
 * call changed is fetched again. */
export function useDialogMutation<R, A = void>({
  mutationFn,
  onSaved,
  onClose,
  refresh,
  onError,
}: DialogMutationOptions<R, A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result: R) => {
      onSaved(result);
      onClose();
      await refreshAfterWrite(queryClient, { queryKey: refresh });
    },
    onError,
  });
}
