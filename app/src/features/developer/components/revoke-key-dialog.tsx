import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { apiKeysKey, type ApiKey } from '../api/get-api-keys';
import { revokeApiKey } from '../api/revoke-api-key';

interface RevokeKeyDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
}

export function RevokeKeyDialog({ apiKey, onClose }: RevokeKeyDialogProps) {
  return (
    <ActionConfirmDialog
      title="Revoke API Key"
      confirmLabel="Revoke key"
      danger
      action={() => revokeApiKey(apiKey.sid)}
      success={`${apiKey.name} revoked`}
      refresh={apiKeysKey}
      failure="Could not revoke the key."
      onClose={onClose}
    >
      <p>
        Revoke {apiKey.name} (<span className="font-mono">{apiKey.sid}</span>)? Requests made with
        it are refused at once. This cannot be undone.
      </p>
    </ActionConfirmDialog>
  );
}
