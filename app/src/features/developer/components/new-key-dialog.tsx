import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { NewApiKey } from '../api/create-api-key';
import { CopyButton } from './copy-button';
import { SecretValue } from './secret-value';

interface NewKeyDialogProps {
  created: NewApiKey;
  onClose: () => void;
}

/** The one time a key's secret is shown. */
export function NewKeyDialog({ created, onClose }: NewKeyDialogProps) {
  return (
    <Dialog open title={`API key "${created.name}" created`} onClose={onClose}>
      <div className="space-y-4">
        <Alert tone="info">
          Copy the secret now: it will not be shown again and cannot be recovered. If you lose it,
          revoke the key and create a new one.
        </Alert>
        <dl className="space-y-4">
          <SecretValue label="SID" value={created.sid} testId="new-key-sid">
            <CopyButton value={created.sid} what="Key SID" />
          </SecretValue>
          <SecretValue label="Secret" value={created.secret} testId="new-key-secret">
            <CopyButton value={created.secret} what="Secret" />
          </SecretValue>
        </dl>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
