import type { ActionConfirm } from '../../../components/ui/action-confirm-dialog';
import { deleteCountryRate } from '../api/delete-country-rate';
import { countryRatesKey, type CountryRate } from '../api/get-country-rates';

export function deleteRateConfirm(row: CountryRate): ActionConfirm<unknown> {
  return {
    title: 'Delete Country',
    confirmLabel: 'Delete',
    danger: true,
    action: () => deleteCountryRate(row.id),
    success: `${row.country} deleted`,
    refresh: countryRatesKey,
    failure: 'Could not delete the country.',
    question: `Delete ${row.country} (${row.code})?`,
    children:
      'Its rates disappear from the pricing page. To stop selling the country for a while, set it inactive instead.',
  };
}
