import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { deleteCountryRate } from '../api/delete-country-rate';
import { countryRatesKey, type CountryRate } from '../api/get-country-rates';

export function deleteRateConfirm(row: CountryRate) {
  return dangerConfirm('delete the country', () => deleteCountryRate(row.id), countryRatesKey, {
    title: 'Delete Country',
    confirmLabel: 'Delete',
    success: `${row.country} deleted`,
    question: `Delete ${row.country} (${row.code})?`,
    children:
      'Its rates disappear from the pricing page. To stop selling the country for a while, set it inactive instead.',
  });
}
