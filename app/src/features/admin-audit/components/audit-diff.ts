import type { AuditRecord } from '../api/get-audit';

export interface DiffRow {
  key: string;
  before: string;
  after: string;
}

export const ABSENT = '—';

function show(value: unknown): string {
  if (value === undefined) return ABSENT;
  if (value === null) return 'null';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The keys whose values differ between the two records, in first-seen order. */
export function changedKeys(before: AuditRecord | null, after: AuditRecord | null): DiffRow[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({ key, before: show(before?.[key]), after: show(after?.[key]) }))
    .filter((row) => row.before !== row.after);
}
