import type { Schema } from '../../../generated/api-types';
import { api } from '../../../lib/api-client';
import type { VerifyInput } from '../../../lib/core';
import { useApiGet } from '../../../lib/use-api-get';

export type VerifiedCallerIds = Schema<'VerifiedCallerIds'>;

export const verifiedCallerIdsKey = ['sip-devices', 'verified-caller-ids'] as const;

const path = '/sip/verified-caller-ids';

/** Outside numbers the account proved it holds: its phones may show them. */
export function useVerifiedCallerIds() {
  return useApiGet<VerifiedCallerIds>(verifiedCallerIdsKey, path, { staleTime: 0 });
}

/** Texts a 6-digit code to the number. */
export function sendCallerIdCode(number: string) {
  return api.post<{ message: string }>(path, { number });
}

export function confirmCallerId(input: VerifyInput) {
  return api.post<VerifiedCallerIds>(`${path}/confirm`, input);
}

export function forgetCallerId(number: string) {
  return api.delete<void>(`${path}/${encodeURIComponent(number)}`);
}
