import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import {
  ActionConfirmDialog,
  dangerConfirm,
} from '../../../components/ui/dialogs/action-confirm-dialog';
import { CheckboxField } from '../../../components/ui/forms/checkbox-field';
import { messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { logoutEverywhere } from '../api/logout-everywhere';

/** Ends every session; optionally revokes the API keys and SIP devices too, after a confirmation. */
export function SessionsForm() {
  const { logout } = useAuth();
  const [revoke, setRevoke] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => logoutEverywhere(false),
    onSuccess: () => logout(),
    onError: (error) => toast.error(messageOf(error, 'Could not log out everywhere')),
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Signs you out on every device and browser at once, this one included.
        </p>
        <Button
          variant="danger"
          loading={mutation.isPending}
          onClick={() => (revoke ? setConfirming(true) : mutation.mutate())}
        >
          Log out everywhere
        </Button>
      </div>
      <CheckboxField
        id="revoke-credentials"
        label="Also revoke API keys and SIP devices"
        description="A stolen session may have created some. Integrations using a key and phones using these credentials stop working."
        checked={revoke}
        onChange={(event) => setRevoke(event.target.checked)}
      />
      {confirming && (
        <ActionConfirmDialog
          {...dangerConfirm('log out everywhere', () => logoutEverywhere(true), ['api-keys'], {
            title: 'Log out everywhere and revoke credentials',
            confirmLabel: 'Log out and revoke',
            onDone: () => logout(),
            children: (
              <p>
                Every session ends, every API key is revoked and every SIP device is deleted. This
                cannot be undone.
              </p>
            ),
          })}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
