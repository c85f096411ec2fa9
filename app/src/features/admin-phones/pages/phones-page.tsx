import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageMeta } from '../../../lib/use-page-meta';
import { PHONES_PAGE_SIZE, usePhones, type AdminPhone } from '../api/get-phones';
import { AddPhoneDialog } from '../components/add-phone-dialog';
import { ChangeCountryDialog } from '../components/change-country-dialog';
import { PhonesFilters } from '../components/phones-filters';
import { PhonesTable, type PhoneAction } from '../components/phones-table';
import { ReassignDialog } from '../components/reassign-dialog';
import { StatusChangeDialog } from '../components/status-change-dialog';

const SEARCH_DEBOUNCE_MS = 300;

export function PhonesPage() {
  usePageMeta('Manage Phone Numbers', 'The number inventory: holders, types, statuses and fees.');
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = { search: term, type, status };
  const filterKey = JSON.stringify(filters);
  // Any change of filter starts again at page 1 without an extra render pass.
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const phones = usePhones(filters, page);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<{ action: PhoneAction; phone: AdminPhone } | null>(null);
  const close = () => setOpen(null);
  const filtered = term !== '' || type !== '' || status !== '';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Manage Phone Numbers</h1>
          <p className="mt-1 text-slate-600">
            The number inventory: who holds each number, its type, status and fee.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add New Number
        </Button>
      </div>
      <section
        aria-label="Phone numbers"
        aria-busy={phones.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <PhonesFilters
          search={search}
          type={type}
          status={status}
          onSearch={setSearch}
          onType={setType}
          onStatus={setStatus}
        />
        {phones.isPending ? (
          <TableSkeleton label="Loading numbers..." columns={6} />
        ) : phones.isError ? (
          <LoadError
            message={messageOf(phones.error, 'Could not load the numbers.')}
            onRetry={() => void phones.refetch()}
            retrying={phones.isFetching}
          />
        ) : phones.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            {filtered ? 'No numbers match these filters' : 'No numbers yet'}
          </p>
        ) : (
          <>
            <PhonesTable
              items={phones.data.items}
              onAction={(action, phone) => setOpen({ action, phone })}
            />
            <Pagination
              page={page}
              pageSize={PHONES_PAGE_SIZE}
              total={phones.data.total}
              onPage={(next) => setPaging({ filterKey, page: next })}
              disabled={phones.isPlaceholderData}
            />
          </>
        )}
      </section>
      {adding && <AddPhoneDialog onClose={() => setAdding(false)} />}
      {open?.action === 'country' && <ChangeCountryDialog phone={open.phone} onClose={close} />}
      {open?.action === 'reassign' && <ReassignDialog phone={open.phone} onClose={close} />}
      {(open?.action === 'deactivate' || open?.action === 'activate') && (
        <StatusChangeDialog phone={open.phone} action={open.action} onClose={close} />
      )}
    </div>
  );
}
