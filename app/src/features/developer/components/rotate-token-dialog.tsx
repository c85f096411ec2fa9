import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Time } from '../../../components/ui/tables/table-cells';
import { developerAccountKey } from '../api/get-developer-account';
import { rotateAuthToken, type AuthTokenRotation } from '../api/rotate-auth-token';
import { PasswordDialog } from './password-dialog';
import { SecretsDialog } from './secrets-dialog';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

interface RotateTokenDialogProps {
  onRotated: (authToken: string) => void;
  onClose: () => void;
}

/** Asks for the password, rotates the token, then shows the new one. */
export function RotateTokenDialog({ onRotated, onClose }: RotateTokenDialogProps) {
  const queryClient = useQueryClient();
  const [rotated, setRotated] = useState<AuthTokenRotation | null>(null);

  if (rotated) {
    const { authToken, previousTokenValidUntil: until } = rotated;
    return (
      <SecretsDialog
        title="New Auth Token"
        tone="success"
        notice={
          <>
            The auth token was rotated.{' '}
            {until ? (
              <>
                The previous token keeps working until <Time value={until} withTime />: update your
                applications before then.
              </>
            ) : (
              'Update your applications with the new token.'
            )}
          </>
        }
        secrets={[
          {
            label: 'Auth Token',
            value: authToken,
            testId: 'rotated-auth-token',
            what: 'Auth Token',
          },
        ]}
        onClose={onClose}
      />
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
        void refreshAfterWrite(queryClient, { queryKey: developerAccountKey });
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
