import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { developerAccountKey } from '../api/get-developer-account';
import { endPreviousToken } from '../api/end-previous-token';
import { PasswordDialog } from './password-dialog';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

/** Asks for the password, then ends the replaced auth token at once. */
export function EndPreviousTokenDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <PasswordDialog
      title="End Previous Auth Token"
      submitLabel="End it now"
      action={endPreviousToken}
      onDone={() => {
        toast.success('The previous auth token no longer works');
        void refreshAfterWrite(queryClient, { queryKey: developerAccountKey });
        onClose();
      }}
      onClose={onClose}
      failure="Could not end the previous auth token."
    >
      <p className="text-sm text-slate-700">
        Requests made with the previous auth token are refused from now on. Do this when the old
        token may have leaked and every application already uses the new one.
      </p>
    </PasswordDialog>
  );
}
