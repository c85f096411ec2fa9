import { ActionConfirmDialog } from '../../../components/ui/action-confirm-dialog';
import { deleteCountryRate } from '../api/delete-country-rate';
import { countryRatesKey, type CountryRate } from '../api/get-country-rates';

interface DeleteRateDialogProps {
  row: CountryRate;
  onClose: () => void;
}

export function DeleteRateDialog({ row, onClose }: DeleteRateDialogProps) {
  return (
    <ActionConfirmDialog
      title="Delete Country"
      confirmLabel="Delete"
      danger
      action={() => deleteCountryRate(row.id)}
      success={`${row.country} deleted`}
      refresh={countryRatesKey}
      failure="Could not delete the country."
      onClose={onClose}
      question={`Delete ${row.country} (${row.code})?`}
    >
      Its rates disappear from the pricing page. To stop selling the country for a while, set it
      inactive instead.
    </ActionConfirmDialog>
  );
}
