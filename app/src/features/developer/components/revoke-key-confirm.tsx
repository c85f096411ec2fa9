import type { ActionConfirm } from '../../../components/ui/action-confirm-dialog';
import { apiKeysKey, type ApiKey } from '../api/get-api-keys';
import { revokeApiKey } from '../api/revoke-api-key';

export function revokeKeyConfirm(apiKey: ApiKey): ActionConfirm<unknown> {
  return {
    title: 'Revoke API Key',
    confirmLabel: 'Revoke key',
    danger: true,
    action: () => revokeApiKey(apiKey.sid),
    success: `${apiKey.name} revoked`,
    refresh: apiKeysKey,
    failure: 'Could not revoke the key.',
    children: (
      <p>
        Revoke {apiKey.name} (<span className="font-mono">{apiKey.sid}</span>)? Requests made with
        it are refused at once. This cannot be undone.
      </p>
    ),
  };
}
