import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Time } from '../../../components/ui/table-cells';
import { developerAccountKey } from '../api/get-developer-account';
import { rotateAuthToken, type AuthTokenRotation } from '../api/rotate-auth-token';
import { CopyButton } from './copy-button';
import { PasswordDialog } from './password-dialog';
import { SecretValue } from './secret-value';

interface RotateTokenDialogProps {
  onRotated: (authToken: string) => void;
  onClose: () => void;
}

/** Asks for the password, rotates the token, then shows the new one. */
export function RotateTokenDialog({ onRotated, onClose }: RotateTokenDialogProps) {
  const queryClient = useQueryClient();
  const [rotated, setRotated] = useState<AuthTokenRotation | null>(null);

  if (rotated) {
    return (
      <Dialog open title="New Auth Token" onClose={onClose}>
        <div className="space-y-4">
          <Alert tone="success">
            The auth token was rotated.{' '}
            {rotated.previousTokenValidUntil ? (
              <>
                The previous token keeps working until{' '}
                <Time value={rotated.previousTokenValidUntil} withTime />: update your applications
                before then.
              </>
            ) : (
              'Update your applications with the new token.'
            )}
          </Alert>
          <dl>
            <SecretValue label="Auth Token" value={rotated.authToken} testId="rotated-auth-token">
              <CopyButton value={rotated.authToken} what="Auth Token" />
            </SecretValue>
          </dl>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      </Dialog>
    );
  }
  return (
    <PasswordDialog
      title="Rotate Auth Token"
      submitLabel="Rotate token"
      action={rotateAuthToken}
      onDone={(result) => {
        setRotated(result);
        onRotated(result.authToken);
        toast.success('Auth token rotated');
        void queryClient.invalidateQueries({ queryKey: developerAccountKey });
      }}
      onClose={onClose}
      failure="Could not rotate the auth token."
    >
      <p className="text-sm text-slate-700">
        A new auth token replaces the current one. The current token keeps working for 24 hours so
        that you can update your applications; after that, requests made with it are refused.
      </p>
    </PasswordDialog>
  );
}
