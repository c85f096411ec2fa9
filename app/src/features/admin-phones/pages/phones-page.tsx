import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useState } from 'react';
import { AddButton } from '../../../components/ui/basics/add-button';
import { AppPage } from '../../../components/ui/layout/app-page';
import { Button } from '../../../components/ui/basics/button';
import { FilteredList } from '../../../components/ui/tables/filtered-list';
import { useListFilters } from '../../../lib/use-list-filters';
import { useRowAction } from '../../../lib/use-row-action';
import { usePhones, type AdminPhone } from '../api/get-phones';
import { AddPhoneDialog } from '../components/add-phone-dialog';
import { AddRangeDialog } from '../components/add-range-dialog';
import { ChangeCountryDialog } from '../components/change-country-dialog';
import { statusFilterOptions, typeFilterOptions } from '../components/phone-labels';
import { PhonesTable, type PhoneAction } from '../components/phones-table';
import { ReassignDialog } from '../components/reassign-dialog';
import { statusChangeConfirm } from '../components/status-change-confirm';

export function PhonesPage() {
  const list = useListFilters({
    type: ['Type', typeFilterOptions],
    status: ['Status', statusFilterOptions],
  });
  const phones = usePhones(list.filters, list.paging.page);
  const [adding, setAdding] = useState(false);
  const [addingRange, setAddingRange] = useState(false);
  const { open, onAction, close } = useRowAction<PhoneAction, AdminPhone>();

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
      <FilteredList label="Phone numbers" noun="numbers" list={list} query={phones}>
        {(items) => <PhonesTable items={items} onAction={onAction} />}
      </FilteredList>
      {adding && <AddPhoneDialog onClose={() => setAdding(false)} />}
      {addingRange && <AddRangeDialog onClose={() => setAddingRange(false)} />}
      {open?.action === 'country' && <ChangeCountryDialog phone={open.row} onClose={close} />}
      {open?.action === 'reassign' && <ReassignDialog phone={open.row} onClose={close} />}
      {(open?.action === 'deactivate' || open?.action === 'activate') && (
        <ActionConfirmDialog {...statusChangeConfirm(open.row, open.action)} onClose={close} />
      )}
    </AppPage>
  );
}
