import type { Schema } from '../../../generated/api-types';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';

export type Permissions = Schema<'Permissions'>;
export type CountryPermission = Schema<'CountryPermission'>;
export type Channel = 'voice' | 'sms';

export const permissionsKey = ['permissions'] as const;

/** The catalogue's countries and whether the account may call and text each. */
export function usePermissions() {
  return useApiGet<Permissions>(permissionsKey, '/permissions', { staleTime: 0 });
}

/** Turns a country off, or back on when it is one of the default set. */
export function setPermission(channel: Channel, iso: string, allowed: boolean) {
  return api.put<Permissions>(`/permissions/${channel}/${iso}`, { allowed });
}

export type RequestSent = Schema<'RequestSent'>;

/** Asks an administrator to let the account reach a blocked country. */
export function requestCountry(body: { channel: Channel; country: string; note: string }) {
  return api.post<RequestSent>('/permissions/requests', body);
}
