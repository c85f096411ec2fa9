import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/basics/button';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { messageOf } from '../../../lib/api-client';
import { validateNumberForm } from '../../../lib/core';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { addPhone, type NewPhone } from '../api/add-phone';
import { useCountryOptions } from '../api/get-country-options';
import { phonesKey } from '../api/get-phones';
import { typeOptions } from './phone-labels';

type PhoneValues = { number: string; countryCode: string; type: string };

function toBody(values: PhoneValues): NewPhone {
  return {
    number: values.number.trim(),
    countryCode: values.countryCode,
    type: values.type as NewPhone['type'],
  };
}

/** A new number for the inventory, checked by core as the admin types after a first try. */
export function AddPhoneDialog({ onClose }: { onClose: () => void }) {
  const countries = useCountryOptions();
  const { form, dialog } = useDialogForm({
    initial: { number: '', countryCode: '', type: 'mobile' } as PhoneValues,
    validate: (values) => validateNumberForm(toBody(values)),
    body: toBody,
    save: addPhone,
    onSaved: (result) => toast.success(`${result.item.number} added`),
    onClose,
    refresh: phonesKey,
    failure: 'Could not add the number.',
  });
  const country = form.text('countryCode');

  return (
    <FormDialog title="Add New Number" {...dialog} submitLabel="Add Number">
      <TextField
        id="phone-number"
        label="Number (E.164)"
        placeholder="+14155550123"
        inputMode="tel"
        autoComplete="off"
        {...form.text('number')}
      />
      <SelectField
        id="phone-country"
        label="Country"
        disabled={countries.isPending}
        {...country}
        error={
          country.error ??
          (countries.isError
            ? messageOf(countries.error, 'Could not load the countries.')
            : undefined)
        }
        options={[
          { value: '', label: countries.isPending ? 'Loading countries...' : 'Select a country' },
          ...(countries.data ?? []),
        ]}
      />
      {countries.isError && (
        <Button
          variant="secondary"
          size="sm"
          loading={countries.isFetching}
          onClick={() => void countries.refetch()}
        >
          Retry loading countries
        </Button>
      )}
      <SelectField id="phone-type" label="Type" options={typeOptions} {...form.text('type')} />
    </FormDialog>
  );
}
