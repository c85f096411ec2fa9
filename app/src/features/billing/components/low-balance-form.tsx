import type { Schema } from '../../../generated/api-types';
import { LoadedForm } from '../../../components/ui/forms/loaded-form';
import { SavedForm } from '../../../components/ui/forms/saved-form';
import { TextField } from '../../../components/ui/forms/text-field';
import { api } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import { useApiGet } from '../../../lib/use-api-get';
import { useSavedForm } from '../../../lib/use-saved-form';

type Alerts = Schema<'Alerts'>;
type Values = { lowBalanceThreshold: string };

const key = ['billing', 'alerts'] as const;

const valuesOf = (a: Alerts): Values => ({
  lowBalanceThreshold: a.lowBalanceThreshold == null ? '' : a.lowBalanceThreshold.toFixed(2),
});

function Form({ alerts }: { alerts: Alerts }) {
  // The server checks the amount (core's rule); an empty field is the platform's.
  const { form, saving } = useSavedForm({
    initial: valuesOf(alerts),
    save: (values) => api.put<Alerts>('/billing/alerts', values),
    cache: key,
    valuesOf,
    saved: () => 'Low-balance warning saved',
    failure: 'Could not save the warning. Please try again.',
  });
  return (
    <SavedForm
      id="alerts-heading"
      title="Low-balance warning"
      description="We notify you once when your balance falls below this amount, and again after you add funds and it falls again."
      submitLabel="Save warning"
      {...saving}
    >
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
    </SavedForm>
  );
}

export function LowBalanceForm() {
  const alerts = useApiGet<Alerts>(key, '/billing/alerts', { staleTime: 0 });
  return (
    <LoadedForm
      query={alerts}
      loading="Loading the warning..."
      error="Could not load your low-balance warning."
    >
      {(data) => <Form alerts={data} />}
    </LoadedForm>
  );
}
