import { LoadedForm } from '../../../components/ui/forms/loaded-form';
import { SavedForm } from '../../../components/ui/forms/saved-form';
import { TextFieldGrid } from '../../../components/ui/forms/text-field-grid';
import { useSavedForm } from '../../../lib/use-saved-form';
import {
  profileKey,
  saveBillingProfile,
  useBillingProfile,
  type BillingProfile,
} from '../api/documents';

const fields = [
  { name: 'company', label: 'Company', hint: 'Empty: your account name' },
  { name: 'address', label: 'Address', hint: 'As it should appear on documents' },
  { name: 'taxId', label: 'VAT or tax ID', hint: 'Optional' },
  { name: 'billingEmail', label: 'Billing e-mail', hint: 'Empty: your account e-mail' },
] as const;

type Values = BillingProfile & Record<string, string>;

function Form({ profile }: { profile: BillingProfile }) {
  // The server checks these (lengths, the e-mail); nothing to check as typed.
  const { form, saving } = useSavedForm<Values, BillingProfile>({
    initial: { ...profile },
    save: saveBillingProfile,
    cache: profileKey,
    valuesOf: (saved) => ({ ...saved }),
    saved: () => 'Billing details saved',
    failure: 'Could not save your billing details. Please try again.',
  });
  return (
    <SavedForm
      id="profile-heading"
      title="Billing details"
      description="Printed on your receipts and statements from the next one issued."
      submitLabel="Save details"
      {...saving}
    >
      <TextFieldGrid
        className="mt-5 grid gap-5 md:grid-cols-2"
        idPrefix="billing-"
        fields={fields}
        text={form.text}
      />
    </SavedForm>
  );
}

export function BillingProfileForm() {
  const profile = useBillingProfile();
  return (
    <LoadedForm
      query={profile}
      loading="Loading billing details..."
      error="Could not load your billing details."
    >
      {(data) => <Form profile={data} />}
    </LoadedForm>
  );
}
