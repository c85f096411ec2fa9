import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validateCaps } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { limitFields } from '../../permissions/components/limit-fields';
import { defaultLimitsKey, saveDefaultLimits, type LimitsForm } from '../api/admin-permissions';

type Values = LimitsForm & Record<string, string>;

/** The platform's default limits; an empty field is no limit. */
export function DefaultLimitsForm({ saved }: { saved: LimitsForm }) {
  const queryClient = useQueryClient();
  const form = useCoreForm<Values>({
    initial: { ...saved },
    validate: (values) => validateCaps(values, null),
  });
  const save = useMutation({
    mutationFn: saveDefaultLimits,
    onSuccess: (limits) => {
      queryClient.setQueryData(defaultLimitsKey, limits);
      form.reset({ ...limits });
      toast.success('Default limits saved');
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save the limits. Please try again.')
      : null;
  return (
    <form
      noValidate
      aria-labelledby="default-limits-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.submit((values) => {
        const body = Object.fromEntries(
          limitFields.map((f) => [f.name, values[f.name].trim()]),
        ) as LimitsForm;
        save.mutate(body);
      })}
    >
      <h2 id="default-limits-heading" className="text-lg font-semibold text-slate-900">
        Default limits
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every account without its own ceiling follows these from its next call or message. Customers
        may lower them; an empty field is no limit.
      </p>
      <div className="mt-5 grid gap-5 md:grid-cols-3">
        {limitFields.map((f) => (
          <TextField
            key={f.name}
            id={`default-limit-${f.name}`}
            label={f.label}
            inputMode={f.money ? 'decimal' : 'numeric'}
            autoComplete="off"
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
        Save default limits
      </DialogActions>
    </form>
  );
}
