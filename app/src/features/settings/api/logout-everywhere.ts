import { api } from '../../../lib/api-client';

/**
 * Ends every session of the signed-in user, this one included; with `revokeCredentials`
 * their API keys and SIP devices are revoked too.
 */
export function logoutEverywhere(revokeCredentials = false) {
  return api.post<undefined>(
    revokeCredentials ? '/auth/logout-all?revokeCredentials=true' : '/auth/logout-all',
  );
}
