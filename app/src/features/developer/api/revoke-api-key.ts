import { api } from '../../../lib/api-client';

/** Revokes a key: requests signed with it are refused from now on. */
export function revokeApiKey(sid: string) {
  return api.delete<void>(`/developer/keys/${encodeURIComponent(sid)}`);
}
