import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { TextAreaField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf, type FieldMessages } from '../../../lib/api-client';
import { geoLists } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { adminPermissionsKey, saveLists, type PermissionLists } from '../api/admin-permissions';

type ListValues = PermissionLists & Record<string, string>;

/** Core's message for each list that does not parse. */
function validate(values: PermissionLists): FieldMessages {
  const errors: FieldMessages = {};
  const check = (field: keyof PermissionLists, kind: 'countries' | 'prefixes') => {
    const parsed = geoLists(kind, values[field]);
    if ('error' in parsed) errors[field] = parsed.error;
  };
  check('voiceCountries', 'countries');
  check('smsCountries', 'countries');
  check('highRiskPrefixes', 'prefixes');
  return errors;
}

const fields: Array<{ name: keyof PermissionLists; label: string; hint: string }> = [
  {
    name: 'voiceCountries',
    label: 'Countries new accounts may call',
    hint: 'ISO 3166 codes, e.g. US GB DE. Accounts made before keep their own set.',
  },
  {
    name: 'smsCountries',
    label: 'Countries new accounts may text',
    hint: 'ISO 3166 codes. Trial verification codes follow this set too.',
  },
  {
    name: 'highRiskPrefixes',
    label: 'High-risk prefixes',
    hint: 'Refused for every account, whatever its countries, e.g. +252 +8816.',
  },
];

/** The administrator's three lists, checked by core as typed and again by the server. */
export function ListsForm({ saved }: { saved: PermissionLists }) {
  const queryClient = useQueryClient();
  const form = useCoreForm<ListValues>({ initial: { ...saved }, validate });
  const save = useMutation({
    mutationFn: saveLists,
    onSuccess: (lists) => {
      toast.success('Permissions saved');
      form.reset({ ...lists });
      void queryClient.invalidateQueries({ queryKey: adminPermissionsKey });
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save the lists. Please try again.')
      : null;
  return (
    <form
      noValidate
      aria-labelledby="permission-lists-heading"
      onSubmit={form.submit((values) =>
        save.mutate({
          voiceCountries: values.voiceCountries,
          smsCountries: values.smsCountries,
          highRiskPrefixes: values.highRiskPrefixes,
        }),
      )}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="permission-lists-heading" className="text-lg font-semibold text-slate-900">
        Defaults and high-risk ranges
      </h2>
      <div className="mt-5 grid gap-5">
        {fields.map((field) => (
          <TextAreaField
            key={field.name}
            id={`permissions-${field.name}`}
            label={field.label}
            hint={field.hint}
            rows={2}
            spellCheck={false}
            {...form.text(field.name)}
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
        Save lists
      </DialogActions>
    </form>
  );
}
