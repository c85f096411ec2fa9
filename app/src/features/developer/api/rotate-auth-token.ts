import { api } from '../../../lib/api-client';

export type AuthTokenRotation = { authToken: string; previousTokenValidUntil: string };

/** A new auth token; the old one keeps working until `previousTokenValidUntil` (24 hours). */
export function rotateAuthToken(password: string) {
  return api.post<AuthTokenRotation>('/developer/auth-token/rotate', { password });
}
