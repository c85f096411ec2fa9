import toast from 'react-hot-toast';
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
      onDone={() => toast.success(`${row.country} deleted`)}
      refresh={countryRatesKey}
      failure="Could not delete the country."
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Delete {row.country} ({row.code})?
      </p>
      <p className="mt-2">
        Its rates disappear from the pricing page. To stop selling the country for a while, set it
        inactive instead.
      </p>
    </ActionConfirmDialog>
  );
}
