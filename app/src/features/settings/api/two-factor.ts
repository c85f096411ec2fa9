import type { Schema } from '../../../generated/api-types';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';

export type TwoFactorStatus = Schema<'TwoFactorStatus'>;
export type Enrolment = Schema<'Enrolment'>;

export const twoFactorKey = ['auth', 'two-factor'] as const;

export function useTwoFactor() {
  return useApiGet<TwoFactorStatus>(twoFactorKey, '/auth/2fa', { staleTime: 0 });
}

/** Starts enrolling an authenticator app, after the password. */
export function startTwoFactor(password: string) {
  return api.post<Enrolment>('/auth/2fa/setup', { password });
}

/** Turns it on with the app's first code; the answer holds the recovery codes, once. */
export function enableTwoFactor(code: string) {
  return api.post<Schema<'RecoveryCodes'>>('/auth/2fa/enable', { code });
}

export function disableTwoFactor(password: string, code: string) {
  return api.post<undefined>('/auth/2fa/disable', { password, code });
}
