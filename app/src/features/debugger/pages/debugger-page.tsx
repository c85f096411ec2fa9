import { useState } from 'react';
import { AppPage } from '../../../components/ui/layout/app-page';
import { ListPanel, ListStates } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { LIST_PAGE_SIZE } from '../../../lib/paging';
import { useFilteredPage } from '../../../lib/use-filtered-page';
import { useDebuggerEvents, type DebuggerFilters as Filters } from '../api/get-debugger-events';
import { DebuggerFilters } from '../components/debugger-filters';
import { DebuggerTable } from '../components/debugger-table';

const none: Filters = { source: '', level: '' };

export function DebuggerPage() {
  const [filters, setFilters] = useState<Filters>(none);
  const [page, setPage] = useFilteredPage(filters);
  const events = useDebuggerEvents(filters, page);
  const filtered = filters.source !== '' || filters.level !== '';
  return (
    <AppPage
      title="Debugger"
      description="Every TwiML document fetched for your calls, every webhook sent to your servers and every error your API requests got, with what came back and Twilio's error code. Kept 30 days."
    >
      <ListPanel label="Debugger events" busy={events.isFetching}>
        <DebuggerFilters
          {...filters}
          onChange={(name, value) => setFilters((current) => ({ ...current, [name]: value }))}
        />
        <ListStates
          query={events}
          loading={<TableSkeleton label="Loading the debugger..." columns={5} />}
          error="Could not load the debugger."
          empty={
            filtered
              ? 'Nothing matches these filters'
              : 'No TwiML fetches, webhooks or API errors yet. Set a Voice URL or a status callback on a number to see them here.'
          }
          paging={{ page, pageSize: LIST_PAGE_SIZE, onPage: setPage }}
        >
          {(data) => <DebuggerTable items={data.items} />}
        </ListStates>
      </ListPanel>
    </AppPage>
  );
}
