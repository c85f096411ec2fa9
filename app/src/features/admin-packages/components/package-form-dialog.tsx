import type { ComponentProps } from 'react';
import toast from 'react-hot-toast';
import type { ItemFormProps } from '../../../components/ui/dialogs/edit-dialogs';
import { FormDialog } from '../../../components/ui/dialogs/form-dialog';
import { CheckboxField } from '../../../components/ui/forms/checkbox-field';
import { optionsOf, SelectField } from '../../../components/ui/forms/select-field';
import { TextAreaField, TextField } from '../../../components/ui/forms/text-field';
import { validatePackageForm } from '../../../lib/core';
import { validatePlanForm } from '../../../lib/core-tools';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { createPackage } from '../api/create-package';
import { adminPackagesKey, type AdminPackage, type PackageBody } from '../api/get-admin-packages';
import { updatePackage } from '../api/update-package';

type Values = {
  name: string;
  minutes: string;
  price: string;
  validity: string;
  features: string;
  status: string;
  includedNumbers: string;
  ivrFlows: string;
  ivrLevel: string;
  support: string;
  popular: boolean;
};

const ivrLevels = optionsOf({ basic: 'Basic', advanced: 'Advanced', premium: 'Premium' });
const supportLevels = optionsOf({ email: 'Email', priority: 'Priority' });
const statuses = optionsOf({ active: 'Active', inactive: 'Inactive' });

function initialValues(item?: AdminPackage): Values {
  return {
    name: item?.name ?? '',
    minutes: item ? String(item.minutes) : '',
    price: item ? String(item.price) : '',
    validity: item ? String(item.validity) : '',
    features: item?.features.join('\n') ?? '',
    status: item?.status ?? 'active',
    includedNumbers: item ? String(item.includedNumbers) : '0',
    ivrFlows: item ? String(item.ivrFlows) : '0',
    ivrLevel: item?.ivrLevel ?? 'basic',
    support: item?.support ?? 'email',
    popular: item?.popular ?? false,
  };
}

function featureLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Core's two checks: the package's fields, then what the plan includes. */
function validate(values: Values) {
  return {
    ...validatePackageForm({
      name: values.name.trim(),
      minutes: values.minutes.trim(),
      price: values.price.trim(),
      validity: values.validity.trim(),
      features: featureLines(values.features),
      status: values.status,
    }),
    ...validatePlanForm({
      includedNumbers: values.includedNumbers.trim(),
      ivrFlows: values.ivrFlows.trim(),
      ivrLevel: values.ivrLevel,
      support: values.support,
    }),
  };
}

/** Empty counts are none, as core reads them. */
const count = (text: string) => Number(text.trim() || '0');

/** Sent once core accepted the form: whole numbers as numbers, the price as its decimal text. */
function toBody(values: Values): PackageBody {
  return {
    name: values.name.trim(),
    minutes: Number(values.minutes.trim()),
    price: values.price.trim(),
    validity: Number(values.validity.trim()),
    features: featureLines(values.features),
    status: values.status,
    includedNumbers: count(values.includedNumbers),
    ivrFlows: count(values.ivrFlows),
    ivrLevel: values.ivrLevel,
    support: values.support,
    popular: values.popular,
  };
}

/** A count typed as text (core checks it), with the phone's digit keypad and no autofill. */
function WholeNumberField(props: ComponentProps<typeof TextField>) {
  return <TextField inputMode="numeric" autoComplete="off" {...props} />;
}

/** Edits a package, or without one creates one. */
export function PackageFormDialog({ item, onClose }: ItemFormProps<AdminPackage>) {
  const { form, dialog } = useDialogForm({
    initial: initialValues(item),
    validate,
    body: toBody,
    save: (body: PackageBody) => (item ? updatePackage(item.id, body) : createPackage(body)),
    onSaved: (result) =>
      toast.success(item ? `${result.item.name} saved` : `${result.item.name} created`),
    onClose,
    refresh: adminPackagesKey,
    failure: 'Could not save the package.',
  });

  function field(name: Exclude<keyof Values, 'popular'>) {
    return { id: `package-${name}`, ...form.text(name) };
  }

  return (
    <FormDialog
      size="lg"
      title={item ? 'Edit Package' : 'Add New Package'}
      {...dialog}
      submitLabel={item ? 'Save Changes' : 'Add Package'}
    >
      <TextField label="Name" autoComplete="off" {...field('name')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <WholeNumberField label="Minutes" {...field('minutes')} />
        <TextField label="Price (USD)" inputMode="decimal" autoComplete="off" {...field('price')} />
        <WholeNumberField label="Validity (days)" {...field('validity')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <WholeNumberField label="Included numbers" {...field('includedNumbers')} />
        <WholeNumberField label="Included IVR flows" {...field('ivrFlows')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="IVR level" options={ivrLevels} {...field('ivrLevel')} />
        <SelectField label="Support" options={supportLevels} {...field('support')} />
      </div>
      <TextAreaField
        label="Features"
        hint="Extra lines, one per line, after what the plan includes."
        rows={4}
        {...field('features')}
      />
      <SelectField label="Status" options={statuses} {...field('status')} />
      <CheckboxField
        id="package-popular"
        label="Most popular"
        description="Marked MOST POPULAR on the pricing page."
        {...form.checkbox('popular')}
      />
    </FormDialog>
  );
}
