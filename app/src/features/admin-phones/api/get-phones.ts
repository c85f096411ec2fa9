import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../lib/api-types';

export type PhoneType = 'mobile' | 'landline' | 'tollfree';

/** `assignedTo`: the owner's e-mail, or null while the number is in the inventory. */
export type AdminPhone = Schema<'AdminPhone'>;

export interface PhoneFilters {
  search: string;
  /** Empty for every type. */
  type: string;
  /** Empty for every status. */
  status: string;
}

export const PHONES_PAGE_SIZE = 20;

export const phonesKey = ['admin', 'phones'] as const;

export function phonesQuery(filters: PhoneFilters, page: number): string {
  return pageQuery(page, PHONES_PAGE_SIZE, { ...filters });
}

export function getPhones(filters: PhoneFilters, page: number) {
  return api.get<Paged<AdminPhone>>(`/admin/phones?${phonesQuery(filters, page)}`);
}

export function usePhones(filters: PhoneFilters, page: number) {
  return useQuery({
    queryKey: [...phonesKey, 'list', filters, page],
    queryFn: () => getPhones(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
