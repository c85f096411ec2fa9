import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Schema } from '../../../generated/api-types';
import { Button } from '../../../components/ui/basics/button';
import {
  ActionConfirmDialog,
  dangerConfirm,
} from '../../../components/ui/dialogs/action-confirm-dialog';
import { Alert } from '../../../components/ui/feedback/alert';
import {
  optionsOf,
  SelectField,
  type SelectOption,
} from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { api } from '../../../lib/api-client';
import { useApiGet } from '../../../lib/use-api-get';
import { useSavedForm } from '../../../lib/use-saved-form';
import { Section } from '../../../components/ui/layout/section';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

type Trigger = Schema<'TriggerView'>;
type Values = {
  friendlyName: string;
  usageCategory: string;
  triggerBy: string;
  triggerValue: string;
  recurring: string;
  callbackUrl: string;
};

const key = ['usage', 'triggers'] as const;
const empty: Values = {
  friendlyName: '',
  usageCategory: 'totalprice',
  triggerBy: 'price',
  triggerValue: '',
  recurring: 'monthly',
  callbackUrl: '',
};
const categories = optionsOf({
  totalprice: 'Total spend',
  calls: 'Calls',
  'calls-outbound': 'Outbound calls',
  'calls-inbound': 'Inbound calls',
  sms: 'SMS',
  phonenumbers: 'Phone numbers',
  recordings: 'Recordings',
});
const measures = optionsOf({
  price: 'Spend ($)',
  count: 'Count',
  usage: 'Usage (minutes, messages)',
});
const periods = optionsOf({
  daily: 'Day',
  monthly: 'Month',
  yearly: 'Year',
  alltime: 'Once, ever',
});

function NewTriggerForm() {
  const queryClient = useQueryClient();
  // The server checks every field with the API's rules (shown under each field).
  const { form, saving } = useSavedForm({
    initial: empty,
    // The list shows the new trigger before the form clears.
    save: async (values) => {
      const created = await api.post<Trigger>('/usage/triggers', values);
      await refreshAfterWrite(queryClient, { queryKey: key });
      return created;
    },
    valuesOf: () => empty,
    saved: () => 'Trigger created',
    failure: 'Could not create the trigger.',
  });
  const select = (id: string, label: string, options: SelectOption[], name: keyof Values) => (
    <SelectField id={id} label={label} options={options} {...form.text(name)} />
  );
  return (
    <form
      noValidate
      aria-label="New usage trigger"
      className="mt-4 grid gap-4 md:grid-cols-3"
      onSubmit={saving.onSubmit}
    >
      {select('trigger-category', 'Category', categories, 'usageCategory')}
      {select('trigger-by', 'Measured by', measures, 'triggerBy')}
      <TextField
        id="trigger-value"
        label="Reaches"
        inputMode="decimal"
        {...form.text('triggerValue')}
      />
      {select('trigger-recurring', 'Each', periods, 'recurring')}
      <TextField
        id="trigger-url"
        label="Callback URL"
        hint="We post Twilio's signed UsageTrigger callback here"
        {...form.text('callbackUrl')}
      />
      <TextField id="trigger-name" label="Name (optional)" {...form.text('friendlyName')} />
      {saving.failure && (
        <div className="md:col-span-3">
          <Alert>{saving.failure}</Alert>
        </div>
      )}
      <div className="md:col-span-3">
        <Button type="submit" loading={saving.pending}>
          Add trigger
        </Button>
      </div>
    </form>
  );
}

/** The account's usage triggers (also the API's Usage/Triggers): list, add, delete. */
export function UsageTriggers() {
  const triggers = useApiGet<{ items: Trigger[] }>(key, '/usage/triggers', { staleTime: 0 });
  const [deleting, setDeleting] = useState<Trigger | null>(null);
  let list;
  if (triggers.isPending) list = <p role="status">Loading triggers...</p>;
  else if (triggers.isError) list = <Alert>Could not load your usage triggers.</Alert>;
  else if (triggers.data.items.length === 0)
    list = <p className="text-sm text-slate-600">No usage triggers yet.</p>;
  else
    list = (
      <ul className="divide-y divide-slate-100">
        {triggers.data.items.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-medium text-slate-900">
                {t.friendlyName || t.usageCategory}
              </span>{' '}
              <span className="text-slate-600">
                {t.usageCategory} by {t.triggerBy} reaches {t.triggerValue}
                {t.recurring ? ` each ${t.recurring}` : ''}; now {t.currentValue}
                {t.dateFired ? `; fired ${new Date(t.dateFired).toLocaleString()}` : ''}
              </span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => setDeleting(t)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    );
  return (
    <Section
      id="triggers-heading"
      title="Usage triggers"
      className="p-4 sm:p-6"
      description="Hear about usage before the bill does: when a category reaches a value in its period, we notify you here and by e-mail, and post to your callback URL once."
    >
      {list}
      <NewTriggerForm />
      {deleting && (
        <ActionConfirmDialog
          {...dangerConfirm(
            'delete the trigger',
            () => api.delete(`/usage/triggers/${deleting.id}`),
            key,
            {
              title: 'Delete Trigger',
              success: 'Trigger deleted',
              children: <p>Delete the trigger {deleting.friendlyName || deleting.sid}?</p>,
            },
          )}
          onClose={() => setDeleting(null)}
        />
      )}
    </Section>
  );
}
