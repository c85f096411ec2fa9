import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { Alert } from '../../../components/ui/feedback/alert';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useCoreForm } from '../../../lib/use-core-form';
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
  const queryClient = useQueryClient();
  // The server checks these (lengths, the e-mail); nothing to check as typed.
  const form = useCoreForm<Values>({ initial: { ...profile }, validate: () => ({}) });
  const save = useMutation({
    mutationFn: saveBillingProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      form.reset({ ...saved });
      toast.success('Billing details saved');
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save your billing details. Please try again.')
      : null;
  return (
    <form
      noValidate
      aria-labelledby="profile-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.submit((values) => save.mutate(values))}
    >
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Billing details
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Printed on your receipts and statements from the next one issued.
      </p>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        {fields.map((f) => (
          <TextField
            key={f.name}
            id={`billing-${f.name}`}
            label={f.label}
            hint={f.hint}
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
          form.reset({ ...profile });
        }}
        pending={save.isPending}
      >
        Save details
      </DialogActions>
    </form>
  );
}

export function BillingProfileForm() {
  const profile = useBillingProfile();
  if (profile.isPending) return <p role="status">Loading billing details...</p>;
  if (profile.isError) return <Alert>Could not load your billing details.</Alert>;
  return <Form key={profile.dataUpdatedAt} profile={profile.data} />;
}
