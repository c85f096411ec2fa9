import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Schema } from '../../../generated/api-types';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { Alert } from '../../../components/ui/feedback/alert';
import { TextField } from '../../../components/ui/forms/text-field';
import { api, fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';
import { useCoreForm } from '../../../lib/use-core-form';

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
  const queryClient = useQueryClient();
  // The server checks lengths and the e-mail; nothing to check as typed.
  const form = useCoreForm<Values>({ initial: { ...saved }, validate: () => ({}) });
  const save = useMutation({
    mutationFn: (values: ProviderDetails) =>
      api.put<ProviderDetails>('/admin/billing/provider', values),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      form.reset({ ...next });
      toast.success('Provider details saved');
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save the provider details.')
      : null;
  return (
    <form
      noValidate
      aria-labelledby="provider-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.submit((values) => save.mutate(values))}
    >
      <h2 id="provider-heading" className="text-lg font-semibold text-slate-900">
        Details on receipts and statements
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Printed as the provider on every document issued from now on; issued documents keep what
        they said.
      </p>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        {fields.map((f) => (
          <TextField
            key={f.name}
            id={`provider-${f.name}`}
            label={f.label}
            {...form.text(f.name)}
          />
        ))}
      </div>
      {failure && (
        <div className="mt-5">
          <Alert>{failure}</Alert>
        </div>
      )}
      <DialogActions
        className="mt-6"
        cancelLabel="Reset"
        onCancel={() => {
          save.reset();
          form.reset({ ...saved });
        }}
        pending={save.isPending}
      >
        Save details
      </DialogActions>
    </form>
  );
}

/** The provider's legal details for documents. */
export function ProviderDetailsForm() {
  const details = useApiGet<ProviderDetails>(key, '/admin/billing/provider', { staleTime: 0 });
  if (details.isPending) return <p role="status">Loading provider details...</p>;
  if (details.isError) return <Alert>Could not load the provider details.</Alert>;
  return <Form key={details.dataUpdatedAt} saved={details.data} />;
}
