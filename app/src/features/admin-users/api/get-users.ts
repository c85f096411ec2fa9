import type { Schema } from '../../../generated/api-types';
import type { ListFilters } from '../../../lib/paging';
import { usePagedList } from '../../../lib/use-paged-list';

/** `trial`: the free trial (active with its days left, expired, converted) or null. */
export type AdminUserItem = Schema<'AdminUserItem'>;

export type UserFilters = ListFilters<'status' | 'role'>;

export const usersKey = ['admin', 'users'] as const;

export function useUsers(filters: UserFilters, page: number) {
  return usePagedList<AdminUserItem>([...usersKey, 'list'], '/admin/users', filters, page);
}
