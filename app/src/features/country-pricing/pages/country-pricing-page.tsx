import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePageMeta } from '../../../lib/use-page-meta';
import { RATES_PAGE_SIZE, useCountryRates, type CountryRate } from '../api/get-country-rates';
import { DeleteRateDialog } from '../components/delete-rate-dialog';
import { RateFormDialog } from '../components/rate-form-dialog';
import { RatesTable } from '../components/rates-table';

const SEARCH_DEBOUNCE_MS = 300;

const statusOptions = [
  { value: '', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

type Open = { action: 'create' } | { action: 'edit' | 'delete'; row: CountryRate };

export function CountryPricingPage() {
  usePageMeta('Country Pricing', 'Manage rates for different countries');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filterKey = `${term}\n${status}`;
  // A new search or filter starts at page 1 without an extra render pass.
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const rates = useCountryRates(term, status, page);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Country Pricing</h1>
          <p className="mt-1 text-slate-600">Manage rates for different countries</p>
        </div>
        <Button onClick={() => setOpen({ action: 'create' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add New Country
        </Button>
      </div>
      <section
        aria-label="Country rates"
        aria-busy={rates.isFetching}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end">
          <div className="relative flex-1">
            <label htmlFor="rate-search" className="mb-1 block text-sm font-medium text-slate-700">
              Search
            </label>
            <Search
              className="pointer-events-none absolute bottom-2.5 left-3 h-4 w-4 text-slate-400"
              aria-hidden="true"
            />
            <input
              id="rate-search"
              type="search"
              placeholder="Search countries..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </div>
          <SelectField
            id="rate-status-filter"
            label="Status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            options={statusOptions}
          />
        </div>
        {rates.isPending ? (
          <TableSkeleton label="Loading countries..." columns={6} />
        ) : rates.isError ? (
          <LoadError
            message={messageOf(rates.error, 'Could not load the country rates.')}
            onRetry={() => void rates.refetch()}
            retrying={rates.isFetching}
          />
        ) : rates.data.items.length === 0 ? (
          <p role="status" className="p-10 text-center text-slate-600">
            {term || status ? 'No countries match these filters' : 'No countries yet'}
          </p>
        ) : (
          <>
            <RatesTable
              items={rates.data.items}
              onEdit={(row) => setOpen({ action: 'edit', row })}
              onDelete={(row) => setOpen({ action: 'delete', row })}
            />
            <Pagination
              page={page}
              pageSize={RATES_PAGE_SIZE}
              total={rates.data.total}
              onPage={(next) => setPaging({ filterKey, page: next })}
              disabled={rates.isPlaceholderData}
            />
          </>
        )}
      </section>
      {open?.action === 'create' && <RateFormDialog onClose={close} />}
      {open?.action === 'edit' && <RateFormDialog row={open.row} onClose={close} />}
      {open?.action === 'delete' && <DeleteRateDialog row={open.row} onClose={close} />}
    </div>
  );
}
