import type { Schema } from '../../../generated/api-types';
import { LoadedForm } from '../../../components/ui/forms/loaded-form';
import { SavedForm } from '../../../components/ui/forms/saved-form';
import { TextFieldGrid } from '../../../components/ui/forms/text-field-grid';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';
import { useSavedForm } from '../../../lib/use-saved-form';

type ProviderDetails = Schema<'ProviderDetails'>;
type Values = ProviderDetails & Record<string, string>;

const key = ['admin', 'billing', 'provider'] as const;

const fields = [
  { name: 'legalName', label: 'Legal name' },
  { name: 'address', label: 'Address' },
  { name: 'taxId', label: 'Tax ID' },
  { name: 'email', label: 'Billing contact e-mail' },
] as const;

function Form({ saved }: { saved: ProviderDetails }) {
  // The server checks lengths and the e-mail; nothing to check as typed.
  const { form, saving } = useSavedForm<Values, ProviderDetails>({
    initial: { ...saved },
    save: (values) => api.put<ProviderDetails>('/admin/billing/provider', values),
    cache: key,
    valuesOf: (next) => ({ ...next }),
    saved: () => 'Provider details saved',
    failure: 'Could not save the provider details.',
  });
  return (
    <SavedForm
      id="provider-heading"
      title="Details on receipts and statements"
      description="Printed as the provider on every document issued from now on; issued documents keep what they said."
      submitLabel="Save details"
      {...saving}
    >
      <TextFieldGrid
        className="mt-5 grid gap-5 md:grid-cols-2"
        idPrefix="provider-"
        fields={fields}
        text={form.text}
      />
    </SavedForm>
  );
}

/** The provider's legal details for documents. */
export function ProviderDetailsForm() {
  const details = useApiGet<ProviderDetails>(key, '/admin/billing/provider', { staleTime: 0 });
  return (
    <LoadedForm
      query={details}
      loading="Loading provider details..."
      error="Could not load the provider details."
    >
      {(data) => <Form saved={data} />}
    </LoadedForm>
  );
}
