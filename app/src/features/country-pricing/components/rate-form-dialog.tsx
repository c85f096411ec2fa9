import toast from 'react-hot-toast';
import type { ItemFormProps } from '../../../components/ui/dialogs/edit-dialogs';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { validateRateRow } from '../../../lib/core';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { createCountryRate } from '../api/create-country-rate';
import { countryRatesKey, type CountryRate, type CountryRateBody } from '../api/get-country-rates';
import { updateCountryRate } from '../api/update-country-rate';

/** The form holds every field as typed text. */
type RateValues = Record<keyof CountryRateBody, string>;

// The three prices: decimal text checked by core, in dollars.
const rateFields = [
  { name: 'inboundRate', id: 'rate-inbound', label: 'Inbound rate ($/min)' },
  { name: 'outboundRate', id: 'rate-outbound', label: 'Outbound rate ($/min)' },
  { name: 'smsRate', id: 'rate-sms', label: 'SMS rate ($/message)' },
] as const;

function initialValues(item?: CountryRate): RateValues {
  return {
    country: item?.country ?? '',
    code: item?.code ?? '',
    callingCode: item?.callingCode ?? '',
    flag: item?.flag ?? '',
    inboundRate: item ? String(item.inboundRate) : '',
    outboundRate: item ? String(item.outboundRate) : '',
    smsRate: item ? String(item.smsRate) : '',
    status: item?.status ?? 'active',
  };
}

function toBody(values: RateValues): CountryRateBody {
  return {
    country: values.country.trim(),
    code: values.code.trim(),
    callingCode: values.callingCode.trim(),
    flag: values.flag.trim(),
    inboundRate: values.inboundRate.trim(),
    outboundRate: values.outboundRate.trim(),
    smsRate: values.smsRate.trim(),
    status: values.status as CountryRateBody['status'],
  };
}

// The rules are core's; the flag is optional and only the server limits its length.
function validate(values: RateValues) {
  const body = toBody(values);
  return validateRateRow({
    country: body.country,
    code: body.code,
    callingCode: body.callingCode,
    inboundRate: body.inboundRate,
    outboundRate: body.outboundRate,
    smsRate: body.smsRate,
    status: body.status,
  });
}

/** Edits a country's rates, or without one adds a country. */
export function RateFormDialog({ item, onClose }: ItemFormProps<CountryRate>) {
  const { form, dialog } = useDialogForm({
    initial: initialValues(item),
    validate,
    body: toBody,
    save: (body: CountryRateBody) =>
      item ? updateCountryRate(item.id, body) : createCountryRate(body),
    onSaved: (result) =>
      toast.success(item ? `${result.item.country} saved` : `${result.item.country} added`),
    onClose,
    refresh: countryRatesKey,
    failure: 'Could not save the country.',
  });

  return (
    <FormDialog
      size="lg"
      title={item ? `Edit ${item.country}` : 'Add New Country'}
      {...dialog}
      submitLabel={item ? 'Save Changes' : 'Add Country'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="rate-country" label="Country" autoComplete="off" {...form.text('country')} />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            id="rate-code"
            label="Code"
            placeholder="DE"
            autoComplete="off"
            maxLength={2}
            {...form.text('code')}
          />
          <TextField
            id="rate-flag"
            label="Flag (optional)"
            placeholder="🇩🇪"
            autoComplete="off"
            {...form.text('flag')}
          />
        </div>
        <TextField
          id="rate-calling-code"
          label="Calling code"
          placeholder="49"
          inputMode="numeric"
          autoComplete="off"
          {...form.text('callingCode')}
        />
        <SelectField
          id="rate-status"
          label="Status"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          {...form.text('status')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {rateFields.map((field) => (
          <TextField
            key={field.name}
            id={field.id}
            label={field.label}
            inputMode="decimal"
            autoComplete="off"
            {...form.text(field.name)}
          />
        ))}
      </div>
    </FormDialog>
  );
}
