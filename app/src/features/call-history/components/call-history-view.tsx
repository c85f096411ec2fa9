import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDownloadRecording } from '../api/download-recording';
import { useExportCalls } from '../api/export-calls';
import {
  CALLS_PAGE_SIZE,
  useCalls,
  type CallFilters as Filters,
  type CallScope,
} from '../api/get-calls';
import { CallFilters } from './call-filters';
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
  const filterKey = JSON.stringify(filters);
  // Any change of filter starts again at page 1 without an extra render pass.
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const calls = useCalls(scope, filters, page);
  const exporter = useExportCalls(scope);
  const recording = useDownloadRecording(scope);
  const filtered = term !== '' || draft.type !== '' || draft.status !== '';
  const empty = calls.data?.total === 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-600">{description}</p>
        </div>
        <Button
          variant="secondary"
          loading={exporter.isPending}
          disabled={empty || calls.isPending}
          onClick={() => exporter.mutate(filters)}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export Records
        </Button>
      </div>
      <CallTotals totals={calls.data?.totals} />
      <section
        aria-label="Calls"
        aria-busy={calls.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <CallFilters
          values={draft}
          searchLabel={searchLabel}
          searchPlaceholder={searchPlaceholder}
          onChange={setDraft}
        />
        {calls.isPending ? (
          <TableSkeleton label="Loading calls..." columns={scope === 'admin' ? 6 : 5} />
        ) : calls.isError ? (
          <LoadError
            message={messageOf(calls.error, 'Could not load the call records.')}
            onRetry={() => void calls.refetch()}
            retrying={calls.isFetching}
          />
        ) : calls.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            {filtered ? 'No calls match your filters' : 'No calls yet'}
          </p>
        ) : (
          <>
            <CallsTable
              items={calls.data.items}
              caption={scope === 'admin' ? 'Call records' : 'Your calls'}
              showUser={scope === 'admin'}
              downloading={recording.isPending ? (recording.variables ?? null) : null}
              onDownload={(call) => recording.mutate(call.id)}
            />
            <Pagination
              label="Call pages"
              page={page}
              pageSize={CALLS_PAGE_SIZE}
              total={calls.data.total}
              onPage={(next) => setPaging({ filterKey, page: next })}
              disabled={calls.isPlaceholderData}
            />
          </>
        )}
      </section>
    </div>
  );
}
