import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FilterBar } from '../../../components/ui/filter-bar';
import { ListPanel, ListStates } from '../../../components/ui/list-panel';
import { PageHeader } from '../../../components/ui/page-header';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { LIST_PAGE_SIZE } from '../../../lib/paging';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilteredPage } from '../../../lib/use-filtered-page';
import { useDownloadRecording } from '../api/download-recording';
import { useExportCalls } from '../api/export-calls';
import { useCalls, type CallFilters as Filters, type CallScope } from '../api/get-calls';
import { statusFilterOptions, typeFilterOptions } from './call-labels';
import { CallTotals } from './call-totals';
import { CallsTable } from './calls-table';

export const SEARCH_DEBOUNCE_MS = 300;

interface CallHistoryViewProps {
  scope: CallScope;
  title: string;
  description: string;
  searchLabel: string;
  searchPlaceholder: string;
}

/** Filters, totals, export and the paged table, for a client's calls or everyone's. */
export function CallHistoryView({
  scope,
  title,
  description,
  searchLabel,
  searchPlaceholder,
}: CallHistoryViewProps) {
  const [draft, setDraft] = useState<Filters>({ search: '', type: '', status: '' });
  const term = useDebouncedValue(draft.search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: Filters = { search: term, type: draft.type, status: draft.status };
  const [page, setPage] = useFilteredPage(filters);
  const calls = useCalls(scope, filters, page);
  const exporter = useExportCalls(scope);
  const recording = useDownloadRecording(scope);
  const filtered = term !== '' || draft.type !== '' || draft.status !== '';
  const empty = calls.data?.total === 0;
  const id = useId();
  const set = (name: keyof Filters) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button
            variant="secondary"
            loading={exporter.isPending}
            disabled={empty || calls.isPending}
            onClick={() => exporter.mutate(filters)}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Export Records
          </Button>
        }
      />
      <CallTotals totals={calls.data?.totals} />
      <ListPanel label="Calls" busy={calls.isFetching}>
        <FilterBar
          search={{
            id: `${id}-search`,
            label: searchLabel,
            placeholder: searchPlaceholder,
            value: draft.search,
            onChange: set('search'),
          }}
          selects={[
            {
              id: `${id}-type`,
              label: 'Type',
              value: draft.type,
              onChange: set('type'),
              options: typeFilterOptions,
            },
            {
              id: `${id}-status`,
              label: 'Status',
              value: draft.status,
              onChange: set('status'),
              options: statusFilterOptions,
            },
          ]}
        />
        <ListStates
          query={calls}
          loading={<TableSkeleton label="Loading calls..." columns={scope === 'admin' ? 6 : 5} />}
          error="Could not load the call records."
          isEmpty={(data) => data.items.length === 0}
          empty={filtered ? 'No calls match your filters' : 'No calls yet'}
          paging={{ page, pageSize: LIST_PAGE_SIZE, onPage: setPage, label: 'Call pages' }}
        >
          {(data) => (
            <CallsTable
              items={data.items}
              caption={scope === 'admin' ? 'Call records' : 'Your calls'}
              showUser={scope === 'admin'}
              downloading={recording.isPending ? (recording.variables ?? null) : null}
              onDownload={(call) => recording.mutate(call.id)}
            />
          )}
        </ListStates>
      </ListPanel>
    </div>
  );
}
