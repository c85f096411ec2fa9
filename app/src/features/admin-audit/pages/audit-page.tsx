import { useState } from 'react';
import { AppPage } from '../../../components/ui/layout/app-page';
import { ListPanel, ListStates } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { LIST_PAGE_SIZE } from '../../../lib/paging';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilteredPage } from '../../../lib/use-filtered-page';
import { useAudit, type AuditFilters as Filters } from '../api/get-audit';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

const DEBOUNCE_MS = 300;

const empty: Filters = { search: '', action: '', from: '', to: '' };

export function AuditPage() {
  const [draft, setDraft] = useState<Filters>(empty);
  const term = useDebouncedValue(draft.search.trim(), DEBOUNCE_MS);
  // Typed dates pass through invalid years (0002, 0020...) on their way: wait for them too.
  const from = useDebouncedValue(draft.from, DEBOUNCE_MS);
  const to = useDebouncedValue(draft.to, DEBOUNCE_MS);
  const filters: Filters = { search: term, action: draft.action, from, to };
  const [page, setPage] = useFilteredPage(filters);
  const audit = useAudit(filters, page);
  const filtered = JSON.stringify(filters) !== JSON.stringify(empty);

  return (
    <AppPage
      title="Audit Log"
      description="Who changed what, and when: balances, roles, prices and numbers."
    >
      <ListPanel label="Audit log entries" busy={audit.isFetching}>
        <AuditFilters
          {...draft}
          onChange={(name, value) => setDraft((current) => ({ ...current, [name]: value }))}
        />
        <ListStates
          query={audit}
          loading={<TableSkeleton label="Loading the audit log..." columns={5} />}
          error="Could not load the audit log."
          empty={filtered ? 'No entries match these filters' : 'No administrator actions yet'}
          paging={{ page, pageSize: LIST_PAGE_SIZE, onPage: setPage }}
        >
          {(data) => <AuditTable items={data.items} />}
        </ListStates>
      </ListPanel>
    </AppPage>
  );
}
