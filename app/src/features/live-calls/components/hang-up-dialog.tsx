import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { hangUp, liveKey, type LiveCall } from '../api/live-calls';

interface HangUpDialogProps {
  call: LiveCall;
  onClose: () => void;
}

/** Asks before the switch ends a call: both parties are cut off at once. */
export function HangUpDialog({ call, onClose }: HangUpDialogProps) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => hangUp(call.callId),
    onSuccess: async () => {
      toast.success(`Call from ${call.from} to ${call.to} hung up`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: liveKey('admin') });
    },
  });
  return (
    <ConfirmDialog
      title="Hang Up Call"
      confirmLabel="Hang Up"
      danger
      pending={end.isPending}
      error={end.isError ? messageOf(end.error, 'Could not hang up the call.') : null}
      onConfirm={() => end.mutate()}
      onClose={onClose}
    >
      <p>
        Hang up the call from {call.from} to {call.to}? Both parties are cut off now; the talk time
        so far is billed.
      </p>
    </ConfirmDialog>
  );
}
