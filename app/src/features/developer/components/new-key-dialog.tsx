import type { NewApiKey } from '../api/create-api-key';
import { SecretsDialog } from './secrets-dialog';

interface NewKeyDialogProps {
  created: NewApiKey;
  onClose: () => void;
}

/** The one time a key's secret is shown. */
export function NewKeyDialog({ created, onClose }: NewKeyDialogProps) {
  return (
    <SecretsDialog
      title={`API key "${created.name}" created`}
      tone="info"
      notice="Copy the secret now: it will not be shown again and cannot be recovered. If you lose it, revoke the key and create a new one."
      secrets={[
        { label: 'SID', value: created.sid, testId: 'new-key-sid', what: 'Key SID' },
        { label: 'Secret', value: created.secret, testId: 'new-key-secret', what: 'Secret' },
      ]}
      onClose={onClose}
    />
  );
}
