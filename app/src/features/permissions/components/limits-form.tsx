import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { usd, validateCaps, type CapsInput } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { limitsKey, saveLimits, type Limits } from '../api/limits';
import { limitFields, shown } from './limit-fields';

type Values = CapsInput & Record<string, string>;

/**
 * The customer's own limits, each at most the ceiling (checked by core as typed and
 * again by the server); an empty field keeps the ceiling.
 */
export function LimitsForm({ limits }: { limits: Limits }) {
  const queryClient = useQueryClient();
  const form = useCoreForm<Values>({
    initial: { ...limits.chosen },
    validate: (values) => validateCaps(values, limits.ceiling),
  });
  const save = useMutation({
    mutationFn: saveLimits,
    onSuccess: (saved) => {
      queryClient.setQueryData(limitsKey, saved);
      form.reset({ ...saved.chosen });
      toast.success('Limits saved');
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
      aria-labelledby="limits-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.submit((values) => {
        const body = Object.fromEntries(
          limitFields.map((f) => [f.name, values[f.name].trim()]),
        ) as unknown as CapsInput;
        save.mutate(body);
      })}
    >
      <h2 id="limits-heading" className="text-lg font-semibold text-slate-900">
        Spending and call limits
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Calls and messages past these limits are refused, so a stolen password or a hijacked phone
        cannot spend your balance overnight. Spent today: {usd(limits.spentToday)}. Lower any limit
        here; leave a field empty to keep your account&apos;s ceiling, which we raise on request.
      </p>
      <div className="mt-5 grid gap-5 md:grid-cols-3">
        {limitFields.map((f) => (
          <TextField
            key={f.name}
            id={`limit-${f.name}`}
            label={f.label}
            hint={`In force: ${shown(limits.inForce[f.name], f.money)}; ceiling: ${shown(limits.ceiling[f.name], f.money)}`}
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
          form.reset({ ...limits.chosen });
        }}
        pending={save.isPending}
      >
        Save limits
      </DialogActions>
    </form>
  );
}
