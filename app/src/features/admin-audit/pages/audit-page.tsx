import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageMeta } from '../../../lib/use-page-meta';
import { AUDIT_PAGE_SIZE, useAudit, type AuditFilters as Filters } from '../api/get-audit';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

const DEBOUNCE_MS = 300;

const empty: Filters = { search: '', action: '', from: '', to: '' };

export function AuditPage() {
  usePageMeta('Audit Log', 'Who changed what, and when: balances, roles, prices and numbers.');
  const [draft, setDraft] = useState<Filters>(empty);
  const term = useDebouncedValue(draft.search.trim(), DEBOUNCE_MS);
  // Typed dates pass through invalid years (0002, 0020...) on their way: wait for them too.
  const from = useDebouncedValue(draft.from, DEBOUNCE_MS);
  const to = useDebouncedValue(draft.to, DEBOUNCE_MS);
  const filters: Filters = { search: term, action: draft.action, from, to };
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const audit = useAudit(filters, page);
  const filtered = filterKey !== JSON.stringify(empty);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Audit Log</h1>
        <p className="mt-1 text-slate-600">
          Who changed what, and when: balances, roles, prices and numbers.
        </p>
      </div>
      <section
        aria-label="Audit log entries"
        aria-busy={audit.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <AuditFilters
          {...draft}
          onChange={(name, value) => setDraft((current) => ({ ...current, [name]: value }))}
        />
        {audit.isPending ? (
          <TableSkeleton label="Loading the audit log..." columns={5} />
        ) : audit.isError ? (
          <LoadError
            message={messageOf(audit.error, 'Could not load the audit log.')}
            onRetry={() => void audit.refetch()}
            retrying={audit.isFetching}
          />
        ) : audit.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            {filtered ? 'No entries match these filters' : 'No administrator actions yet'}
          </p>
        ) : (
          <>
            <AuditTable items={audit.data.items} />
            <Pagination
              page={page}
              pageSize={AUDIT_PAGE_SIZE}
              total={audit.data.total}
              onPage={(next) => setPaging({ filterKey, page: next })}
              disabled={audit.isPlaceholderData}
            />
          </>
        )}
      </section>
    </div>
  );
}
