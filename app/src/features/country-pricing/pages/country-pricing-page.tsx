import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { useState } from 'react';
import { AddButton } from '../../../components/ui/add-button';
import { AppPage } from '../../../components/ui/app-page';
import { FilterBar } from '../../../components/ui/filter-bar';
import { optionsOf } from '../../../components/ui/select-field';
import { ListPanel, ListStates } from '../../../components/ui/list-panel';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { useListFilters } from '../../../lib/use-list-filters';
import { useCountryRates, type CountryRate } from '../api/get-country-rates';
import { deleteRateConfirm } from '../components/delete-rate-confirm';
import { RateFormDialog } from '../components/rate-form-dialog';
import { RatesTable } from '../components/rates-table';

const statusOptions = optionsOf({ active: 'Active', inactive: 'Inactive' }, 'All Status');

type Open = { action: 'create' } | { action: 'edit' | 'delete'; row: CountryRate };

export function CountryPricingPage() {
  const list = useListFilters({ status: '' });
  const rates = useCountryRates(list.filters.search, list.filters.status, list.paging.page);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  return (
    <AppPage
      title="Country Pricing"
      description="Manage rates for different countries"
      actions={<AddButton onClick={() => setOpen({ action: 'create' })}>Add New Country</AddButton>}
    >
      <ListPanel label="Country rates" busy={rates.isFetching}>
        <FilterBar
          search={list.search({ id: 'rate-search', placeholder: 'Search countries...' })}
          selects={[list.select('status', 'rate-status-filter', 'Status', statusOptions)]}
        />
        <ListStates
          query={rates}
          loading={<TableSkeleton label="Loading countries..." columns={6} />}
          error="Could not load the country rates."
          empty={list.filtered ? 'No countries match these filters' : 'No countries yet'}
          paging={list.paging}
        >
          {(data) => (
            <RatesTable
              items={data.items}
              onEdit={(row) => setOpen({ action: 'edit', row })}
              onDelete={(row) => setOpen({ action: 'delete', row })}
            />
          )}
        </ListStates>
      </ListPanel>
      {open?.action === 'create' && <RateFormDialog onClose={close} />}
      {open?.action === 'edit' && <RateFormDialog row={open.row} onClose={close} />}
      {open?.action === 'delete' && (
        <ActionConfirmDialog {...deleteRateConfirm(open.row)} onClose={close} />
      )}
    </AppPage>
  );
}
