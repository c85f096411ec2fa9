import { api } from '../../../lib/api-client';

/** Ends every session of the signed-in user, this one included. */
export function logoutEverywhere() {
  return api.post<undefined>('/auth/logout-all');
}
