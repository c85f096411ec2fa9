import { api } from '../../../lib/api-client';

/** Ends the auth token replaced by the last rotation now, instead of after its day. */
export function endPreviousToken(password: string) {
  return api.post<void>('/developer/auth-token/end-previous', { password });
}
