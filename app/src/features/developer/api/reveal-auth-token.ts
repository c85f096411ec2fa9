import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type AuthTokenReveal = Schema<'AuthToken'>;

/** The account's auth token in full, once the account password proves who asks. */
export function revealAuthToken(password: string) {
  return api.post<AuthTokenReveal>('/developer/auth-token/reveal', { password });
}
