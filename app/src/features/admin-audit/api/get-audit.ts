import type { Schema } from '../../../generated/api-types';
import { usePagedList } from '../../../lib/use-paged-list';

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

export const auditKey = ['admin', 'audit'] as const;

export function useAudit(filters: AuditFilters, page: number) {
  return usePagedList<AuditEntry>(auditKey, '/admin/audit', { ...filters }, page);
}
