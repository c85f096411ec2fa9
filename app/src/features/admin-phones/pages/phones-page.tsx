import { useState } from 'react';
import { AddButton } from '../../../components/ui/add-button';
import { AppPage } from '../../../components/ui/app-page';
import { Button } from '../../../components/ui/button';
import { FilterBar } from '../../../components/ui/filter-bar';
import { ListPanel, ListStates } from '../../../components/ui/list-panel';
import { TableSkeleton } from '../../../components/ui/table-skeleton';
import { useListFilters } from '../../../lib/use-list-filters';
import { usePhones, type AdminPhone } from '../api/get-phones';
import { AddPhoneDialog } from '../components/add-phone-dialog';
import { AddRangeDialog } from '../components/add-range-dialog';
import { ChangeCountryDialog } from '../components/change-country-dialog';
import { statusFilterOptions, typeFilterOptions } from '../components/phone-labels';
import { PhonesTable, type PhoneAction } from '../components/phones-table';
import { ReassignDialog } from '../components/reassign-dialog';
import { StatusChangeDialog } from '../components/status-change-dialog';

export function PhonesPage() {
  const list = useListFilters({ type: '', status: '' });
  const phones = usePhones(list.filters, list.paging.page);
  const [adding, setAdding] = useState(false);
  const [addingRange, setAddingRange] = useState(false);
  const [open, setOpen] = useState<{ action: PhoneAction; phone: AdminPhone } | null>(null);
  const close = () => setOpen(null);

  return (
    <AppPage
      title="Manage Phone Numbers"
      meta="The number inventory: holders, types, statuses and fees."
      description="The number inventory: who holds each number, its type, status and fee."
      actions={
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setAddingRange(true)}>
            Add Range
          </Button>
          <AddButton onClick={() => setAdding(true)}>Add New Number</AddButton>
        </div>
      }
    >
      <ListPanel label="Phone numbers" busy={phones.isFetching}>
        <FilterBar
          search={list.search({ id: 'phone-search', placeholder: 'Search numbers...' })}
          selects={[
            list.select('type', 'phone-type-filter', 'Type', typeFilterOptions),
            list.select('status', 'phone-status-filter', 'Status', statusFilterOptions),
          ]}
        />
        <ListStates
          query={phones}
          loading={<TableSkeleton label="Loading numbers..." columns={6} />}
          error="Could not load the numbers."
          empty={list.filtered ? 'No numbers match these filters' : 'No numbers yet'}
          paging={list.paging}
        >
          {(data) => (
            <PhonesTable
              items={data.items}
              onAction={(action, phone) => setOpen({ action, phone })}
            />
          )}
        </ListStates>
      </ListPanel>
      {adding && <AddPhoneDialog onClose={() => setAdding(false)} />}
      {addingRange && <AddRangeDialog onClose={() => setAddingRange(false)} />}
      {open?.action === 'country' && <ChangeCountryDialog phone={open.phone} onClose={close} />}
      {open?.action === 'reassign' && <ReassignDialog phone={open.phone} onClose={close} />}
      {(open?.action === 'deactivate' || open?.action === 'activate') && (
        <StatusChangeDialog phone={open.phone} action={open.action} onClose={close} />
      )}
    </AppPage>
  );
}
