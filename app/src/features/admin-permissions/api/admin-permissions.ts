import type { Schema } from '../../../generated/api-types';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';

export type AdminPermissions = Schema<'AdminPermissions'>;
export type PermissionLists = Schema<'Lists'>;
export type WaitingRequest = Schema<'WaitingRequest'>;

export const adminPermissionsKey = ['admin', 'permissions'] as const;

/** The default sets of new accounts, the high-risk prefixes and the requests waiting. */
export function useAdminPermissions() {
  return useApiGet<AdminPermissions>(adminPermissionsKey, '/admin/permissions', { staleTime: 0 });
}

export function saveLists(lists: PermissionLists) {
  return api.put<PermissionLists>('/admin/permissions', lists);
}

/** Grants a customer's request (the country joins their set) or declines it. */
export function decide(id: number, approve: boolean) {
  return api.post<Schema<'Decided'>>(`/admin/permissions/requests/${id}`, { approve });
}

export type LimitsForm = Schema<'LimitsForm'>;

export const defaultLimitsKey = ['admin', 'limits'] as const;

/** The limits every account has until it gets its own ceiling. */
export function useDefaultLimits() {
  return useApiGet<LimitsForm>(defaultLimitsKey, '/admin/limits', { staleTime: 0 });
}

export function saveDefaultLimits(limits: LimitsForm) {
  return api.put<LimitsForm>('/admin/limits', limits);
}
