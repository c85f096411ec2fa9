import { Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { FilterBar } from '../../../components/ui/tables/filter-bar';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { PageHeader } from '../../../components/ui/layout/page-header';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useListFilters } from '../../../lib/use-list-filters';
import { useDownloadRecording } from '../api/download-recording';
import { useExportCalls } from '../api/export-calls';
import { useCalls, type CallScope } from '../api/get-calls';
import { statusFilterOptions, typeFilterOptions } from './call-labels';
import { CallTotals } from './call-totals';
import { CallsTable } from './calls-table';

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
  const list = useListFilters({
    type: ['Type', typeFilterOptions],
    status: ['Status', statusFilterOptions],
  });
  const { filters } = list;
  const calls = useCalls(scope, filters, list.paging.page);
  const exporter = useExportCalls(scope);
  const recording = useDownloadRecording(scope);
  const empty = calls.data?.total === 0;
  const id = useId();

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
      <QueryList
        label="Calls"
        query={calls}
        header={
          <FilterBar {...list.bar(id, { label: searchLabel, placeholder: searchPlaceholder })} />
        }
        loading={<TableSkeleton label="Loading calls..." columns={scope === 'admin' ? 6 : 5} />}
        error="Could not load the call records."
        empty={list.filtered ? 'No calls match your filters' : 'No calls yet'}
        paging={{ ...list.paging, label: 'Call pages' }}
      >
        {(data) => (
          <CallsTable
            items={data.items}
            caption={scope === 'admin' ? 'Call records' : 'Your calls'}
            showUser={scope === 'admin'}
            recording={recording}
          />
        )}
      </QueryList>
    </div>
  );
}
