import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

export type AuthTokenRotation = Schema<'AuthToken'>;

/** A new auth token; the old one keeps working until `previousTokenValidUntil` (24 hours). */
export function rotateAuthToken(password: string) {
  return api.post<AuthTokenRotation>('/developer/auth-token/rotate', { password });
}
