import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { apiKeysKey, type ApiKey } from '../api/get-api-keys';
import { revokeApiKey } from '../api/revoke-api-key';

export function revokeKeyConfirm(apiKey: ApiKey) {
  return dangerConfirm('revoke the key', () => revokeApiKey(apiKey.sid), apiKeysKey, {
    title: 'Revoke API Key',
    confirmLabel: 'Revoke key',
    success: `${apiKey.name} revoked`,
    children: (
      <p>
        Revoke {apiKey.name} (<span className="font-mono">{apiKey.sid}</span>)? Requests made with
        it are refused at once. This cannot be undone.
      </p>
    ),
  });
}
