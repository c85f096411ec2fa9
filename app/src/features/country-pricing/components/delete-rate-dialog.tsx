import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { deleteCountryRate } from '../api/delete-country-rate';
import { countryRatesKey, type CountryRate } from '../api/get-country-rates';

interface DeleteRateDialogProps {
  row: CountryRate;
  onClose: () => void;
}

export function DeleteRateDialog({ row, onClose }: DeleteRateDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteCountryRate(row.id),
    onSuccess: async () => {
      toast.success(`${row.country} deleted`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: countryRatesKey });
    },
  });
  return (
    <ConfirmDialog
      title="Delete Country"
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      error={remove.isError ? messageOf(remove.error, 'Could not delete the country.') : null}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <p className="font-medium text-slate-900">
        Delete {row.country} ({row.code})?
      </p>
      <p className="mt-2">
        Its rates disappear from the pricing page. To stop selling the country for a while, set it
        inactive instead.
      </p>
    </ConfirmDialog>
  );
}
