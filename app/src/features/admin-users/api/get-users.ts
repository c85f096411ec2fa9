import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../lib/api-types';

/** `trial`: the free trial (active with its days left, expired, converted) or null. */
export type AdminUserItem = Schema<'AdminUserItem'>;

export interface UserFilters {
  search: string;
  /** Empty for every status. */
  status: string;
  /** Empty for every role. */
  role: string;
}

export const USERS_PAGE_SIZE = 20;

export const usersKey = ['admin', 'users'] as const;

export function usersQuery(filters: UserFilters, page: number): string {
  return pageQuery(page, USERS_PAGE_SIZE, { ...filters });
}

export function getUsers(filters: UserFilters, page: number) {
  return api.get<Paged<AdminUserItem>>(`/admin/users?${usersQuery(filters, page)}`);
}

export function useUsers(filters: UserFilters, page: number) {
  return useQuery({
    queryKey: [...usersKey, 'list', filters, page],
    queryFn: () => getUsers(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
