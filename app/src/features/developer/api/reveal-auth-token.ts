import { api } from '../../../lib/api-client';

export type AuthTokenReveal = { authToken: string };

/** The account's auth token in full, once the account password proves who asks. */
export function revealAuthToken(password: string) {
  return api.post<AuthTokenReveal>('/developer/auth-token/reveal', { password });
}
