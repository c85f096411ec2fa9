import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validateRange, type RangeInput } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { useDialogMutation } from '../../../lib/use-dialog-mutation';
import { addRange, type RangePreview } from '../api/add-range';
import { useCountryOptions } from '../api/get-country-options';
import { phonesKey } from '../api/get-phones';
import { typeOptions } from './phone-labels';

type RangeValues = RangeInput & Record<string, string>;

function toBody(values: RangeValues): RangeInput {
  return {
    first: values.first.trim(),
    count: values.count.trim(),
    countryCode: values.countryCode,
    type: values.type,
  };
}

/** Shows the first and last few numbers of a long list. */
function sample(numbers: string[]): string {
  if (numbers.length <= 6) return numbers.join(', ');
  return `${numbers.slice(0, 3).join(', ')} ... ${numbers.slice(-2).join(', ')}`;
}

/**
 * Many consecutive numbers at once: the admin previews what the range adds (and what is
 * already in the inventory), then confirms.
 */
export function AddRangeDialog({ onClose }: { onClose: () => void }) {
  const countries = useCountryOptions();
  const [preview, setPreview] = useState<{ body: RangeInput; result: RangePreview } | null>(null);
  const form = useCoreForm<RangeValues>({
    initial: { first: '', count: '10', countryCode: '', type: 'mobile' },
    validate: (values) => validateRange(toBody(values)),
    revealOnBlur: false,
  });
  const check = useMutation({
    mutationFn: (body: RangeInput) => addRange(body, false),
    onSuccess: (result, body) => setPreview({ body, result }),
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const apply = useDialogMutation({
    mutationFn: (body: RangeInput) => addRange(body, true),
    onSaved: (result) => toast.success(`${result.added.length} numbers added`),
    onClose,
    refresh: phonesKey,
  });
  const busy = check.isPending || apply.isPending;
  const failure = [check, apply].find(
    (m) => m.isError && Object.keys(fieldErrorsOf(m.error)).length === 0,
  );
  // Any change to the form makes the preview stale.
  const field = (name: keyof RangeInput & string) => {
    const props = form.text(name);
    return {
      ...props,
      onChange: (event: { target: { value: string } }) => {
        setPreview(null);
        props.onChange(event);
      },
    };
  };

  return (
    <FormDialog
      title="Add a Range of Numbers"
      label="Add a Range of Numbers"
      onClose={onClose}
      onSubmit={form.submit((values) => {
        const body = toBody(values);
        if (preview) apply.mutate(body);
        else check.mutate(body);
      })}
      pending={busy}
      failure={failure && messageOf(failure.error, 'Could not add the range.')}
      submitLabel={preview ? `Add ${preview.result.added.length} Numbers` : 'Preview'}
      submitDisabled={preview !== null && preview.result.added.length === 0}
    >
      <TextField
        id="range-first"
        label="First number (E.164)"
        placeholder="+14155550300"
        inputMode="tel"
        autoComplete="off"
        {...field('first')}
      />
      <TextField id="range-count" label="How many" inputMode="numeric" {...field('count')} />
      <SelectField
        id="range-country"
        label="Country"
        disabled={countries.isPending}
        {...field('countryCode')}
        options={[
          { value: '', label: countries.isPending ? 'Loading countries...' : 'Select a country' },
          ...(countries.data ?? []),
        ]}
      />
      <SelectField id="range-type" label="Type" options={typeOptions} {...field('type')} />
      {preview && (
        <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">
            {preview.result.added.length} new number
            {preview.result.added.length === 1 ? '' : 's'} will be added
          </p>
          {preview.result.added.length > 0 && <p>{sample(preview.result.added)}</p>}
          {preview.result.alreadyInInventory.length > 0 && (
            <p className="mt-1">
              {preview.result.alreadyInInventory.length} already in the inventory:{' '}
              {sample(preview.result.alreadyInInventory)}
            </p>
          )}
        </div>
      )}
    </FormDialog>
  );
}
