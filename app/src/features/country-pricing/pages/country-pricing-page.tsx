import { AddButton } from '../../../components/ui/basics/add-button';
import { AppPage } from '../../../components/ui/layout/app-page';
import { EditDialogs } from '../../../components/ui/dialogs/edit-dialogs';
import { FilteredList } from '../../../components/ui/tables/filtered-list';
import { optionsOf } from '../../../components/ui/forms/select-field';
import { useListFilters } from '../../../lib/use-list-filters';
import { useItemEditor } from '../../../lib/use-row-action';
import { useCountryRates, type CountryRate } from '../api/get-country-rates';
import { deleteRateConfirm } from '../components/delete-rate-confirm';
import { RateFormDialog } from '../components/rate-form-dialog';
import { RatesTable } from '../components/rates-table';

const statusOptions = optionsOf({ active: 'Active', inactive: 'Inactive' }, 'All Status');

export function CountryPricingPage() {
  const list = useListFilters({ status: ['Status', statusOptions] });
  const rates = useCountryRates(list.filters.search, list.filters.status, list.paging.page);
  const editor = useItemEditor<CountryRate>();

  return (
    <AppPage
      title="Country Pricing"
      description="Manage rates for different countries"
      actions={<AddButton onClick={editor.create}>Add New Country</AddButton>}
    >
      <FilteredList
        label="Country rates"
        noun="countries"
        error="Could not load the country rates."
        list={list}
        query={rates}
      >
        {(items) => <RatesTable items={items} onEdit={editor.edit} onDelete={editor.remove} />}
      </FilteredList>
      <EditDialogs editor={editor} form={RateFormDialog} confirmDelete={deleteRateConfirm} />
    </AppPage>
  );
}
