import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Schema } from '../../../generated/api-types';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { Alert } from '../../../components/ui/feedback/alert';
import { TextField } from '../../../components/ui/forms/text-field';
import { api, fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import { useApiGet } from '../../../lib/use-api-get';
import { useCoreForm } from '../../../lib/use-core-form';

type Alerts = Schema<'Alerts'>;
type Values = { lowBalanceThreshold: string };

const key = ['billing', 'alerts'] as const;

const valuesOf = (a: Alerts): Values => ({
  lowBalanceThreshold: a.lowBalanceThreshold == null ? '' : a.lowBalanceThreshold.toFixed(2),
});

function Form({ alerts }: { alerts: Alerts }) {
  const queryClient = useQueryClient();
  // The server checks the amount (core's rule); an empty field is the platform's.
  const form = useCoreForm<Values>({ initial: valuesOf(alerts), validate: () => ({}) });
  const save = useMutation({
    mutationFn: (values: Values) => api.put<Alerts>('/billing/alerts', values),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      form.reset(valuesOf(next));
      toast.success('Low-balance warning saved');
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save the warning. Please try again.')
      : null;
  return (
    <form
      noValidate
      aria-labelledby="alerts-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.submit((values) => save.mutate(values))}
    >
      <h2 id="alerts-heading" className="text-lg font-semibold text-slate-900">
        Low-balance warning
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We notify you once when your balance falls below this amount, and again after you add funds
        and it falls again.
      </p>
      <div className="mt-5 max-w-sm">
        <TextField
          id="alerts-low-balance"
          label="Warn me below ($)"
          hint={`Empty: our default, ${usd(alerts.platformThreshold)}`}
          inputMode="decimal"
          autoComplete="off"
          {...form.text('lowBalanceThreshold')}
        />
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
          form.reset(valuesOf(alerts));
        }}
        pending={save.isPending}
      >
        Save warning
      </DialogActions>
    </form>
  );
}

export function LowBalanceForm() {
  const alerts = useApiGet<Alerts>(key, '/billing/alerts', { staleTime: 0 });
  if (alerts.isPending) return <p role="status">Loading the warning...</p>;
  if (alerts.isError) return <Alert>Could not load your low-balance warning.</Alert>;
  return <Form key={alerts.dataUpdatedAt} alerts={alerts.data} />;
}
