import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { ConfirmDialog } from '../../../components/ui/dialogs/confirm-dialog';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { closeAccount, downloadAccountExport } from '../api/account-data';

/** Export the account's data; close the account for good (password, then a confirmation). */
export function LeavingForm() {
  const { logout } = useAuth();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const exporting = useMutation({
    mutationFn: downloadAccountExport,
    onError: (error) => toast.error(messageOf(error, 'Could not export your data.')),
  });
  const closing = useMutation({
    mutationFn: () => closeAccount(password),
    onSuccess: async (closed) => {
      toast.success(closed.message, { duration: 10_000 });
      await logout();
    },
  });
  const passwordError = closing.isError ? fieldErrorsOf(closing.error).password : undefined;
  const failure =
    closing.isError && !passwordError
      ? messageOf(closing.error, 'Could not close the account.')
      : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Your profile, numbers, calls, messages, transactions and documents in one ZIP file.
        </p>
        <Button
          variant="secondary"
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          Export my data
        </Button>
      </div>
      <form
        noValidate
        aria-label="Close account"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          closing.reset();
          setConfirming(true);
        }}
      >
        <p className="text-sm text-slate-600">
          Closing releases your numbers, ends your packages and IVR flows, deletes your API keys,
          SIP devices and saved card, and erases your personal details. Your remaining balance is
          kept for 90 days for a refund, as our refund policy says.
        </p>
        <TextField
          id="close-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="danger" disabled={password === ''}>
          Close account
        </Button>
      </form>
      {confirming && (
        <ConfirmDialog
          title="Close Account"
          danger
          pending={closing.isPending}
          error={failure}
          onConfirm={() =>
            closing.mutate(undefined, {
              // A wrong password is shown under its field, with the dialog closed.
              onError: (error) => fieldErrorsOf(error).password && setConfirming(false),
            })
          }
          onClose={() => setConfirming(false)}
        >
          <p>Close your Dialtone account for good? This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
