import type { Schema } from '../../../generated/api-types';
import type { ListFilters } from '../../../lib/paging';
import { usePagedList } from '../../../lib/use-paged-list';

export type PhoneType = 'mobile' | 'landline' | 'tollfree';

/** `assignedTo`: the owner's e-mail, or null while the number is in the inventory. */
export type AdminPhone = Schema<'AdminPhone'>;

export type PhoneFilters = ListFilters<'type' | 'status'>;

export const phonesKey = ['admin', 'phones'] as const;

export function usePhones(filters: PhoneFilters, page: number) {
  return usePagedList<AdminPhone>([...phonesKey, 'list'], '/admin/phones', filters, page);
}
