import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageQuery, type Paged } from '../../../lib/paging';
import type { Schema } from '../../../lib/api-types';

export type AuditRecord = Record<string, unknown>;

/** `actor`: "Name <email>", or null when the administrator's account no longer exists. */
export type AuditEntry = Schema<'AuditEntry'>;

export interface AuditFilters {
  search: string;
  /** An action or a prefix such as "user."; empty for every action. */
  action: string;
  /** YYYY-MM-DD or empty. */
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 20;

export const auditKey = ['admin', 'audit'] as const;

export function auditQuery(filters: AuditFilters, page: number): string {
  return pageQuery(page, AUDIT_PAGE_SIZE, { ...filters });
}

export function getAudit(filters: AuditFilters, page: number) {
  return api.get<Paged<AuditEntry>>(`/admin/audit?${auditQuery(filters, page)}`);
}

export function useAudit(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [...auditKey, filters, page],
    queryFn: () => getAudit(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
