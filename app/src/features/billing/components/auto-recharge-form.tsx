import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { DialogActions } from '../../../components/ui/dialogs/dialog-actions';
import { Alert } from '../../../components/ui/feedback/alert';
import { CheckboxField } from '../../../components/ui/forms/checkbox-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { usd, validateRecharge } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { autoRechargeKey, saveAutoRecharge, type AutoRecharge } from '../api/billing';

type Values = { enabled: boolean; threshold: string; amount: string; monthlyMax: string };

function valuesOf(settings: AutoRecharge): Values {
  const text = (n: number | null | undefined, fallback: string) =>
    n === null || n === undefined ? fallback : n.toFixed(2);
  return {
    enabled: settings.enabled,
    threshold: text(settings.threshold, '10.00'),
    amount: text(settings.amount, '50.00'),
    monthlyMax: text(settings.monthlyMax, '500.00'),
  };
}

const fields = [
  {
    name: 'threshold',
    label: 'When my available balance falls below ($)',
    hint: 'Balance less what calls in progress hold',
  },
  { name: 'amount', label: 'Add this amount ($)', hint: 'Charged to your saved card' },
  {
    name: 'monthlyMax',
    label: 'Monthly maximum ($)',
    hint: 'Never more than this in a calendar month (UTC)',
  },
] as const;

function Status({ settings }: { settings: AutoRecharge }) {
  const awaiting = settings.awaitingConfirmation;
  return (
    <div className="mt-4 space-y-3">
      {awaiting && (
        <Alert tone="info">
          Your bank asks you to confirm the auto-recharge of {usd(awaiting.amount)}.{' '}
          <Link to={paths.client.payment(awaiting.clientSecret)} className="font-medium underline">
            Confirm payment
          </Link>
        </Alert>
      )}
      {!settings.enabled && settings.offReason && <Alert>{settings.offReason}</Alert>}
      {settings.enabled && settings.retryAt && (
        <Alert tone="info">
          The last recharge was declined. We will try your card again at{' '}
          {new Date(settings.retryAt).toLocaleString()}.
        </Alert>
      )}
      <p className="text-sm text-slate-600">
        Recharged this month: {usd(settings.rechargedThisMonth)}
        {settings.monthlyMax != null && ` of ${usd(settings.monthlyMax)}`}
      </p>
    </div>
  );
}

/**
 * "When the available balance falls below X, add Y", at most Z a month: checked by core
 * as typed and again by the server; one recharge per time the balance crosses X.
 */
export function AutoRechargeForm({
  settings,
  hasCard,
  maxDeposit,
}: {
  settings: AutoRecharge;
  hasCard: boolean;
  maxDeposit: string;
}) {
  const queryClient = useQueryClient();
  const form = useCoreForm<Values>({
    initial: valuesOf(settings),
    validate: ({ threshold, amount, monthlyMax }) =>
      validateRecharge({ threshold, amount, monthlyMax }, maxDeposit),
  });
  const save = useMutation({
    mutationFn: ({ enabled, ...input }: Values) => saveAutoRecharge(enabled, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(autoRechargeKey, saved);
      form.reset(valuesOf(saved));
      toast.success(saved.enabled ? 'Auto-recharge is on' : 'Auto-recharge is off');
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save auto-recharge. Please try again.')
      : null;
  return (
    <form
      noValidate
      aria-labelledby="recharge-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.submit((values) => save.mutate(values))}
    >
      <h2 id="recharge-heading" className="text-lg font-semibold text-slate-900">
        Auto-recharge
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Keep your calls and numbers running: when your available balance falls below the amount you
        choose, we charge your saved card once and add the funds. A declined card is tried again
        twice over a day, then auto-recharge turns off and we tell you.
      </p>
      <div className="mt-5">
        <CheckboxField
          label="Turn on auto-recharge"
          description={hasCard ? undefined : 'Save a card above first.'}
          disabled={!hasCard && !settings.enabled}
          {...form.checkbox('enabled')}
        />
      </div>
      <div className="mt-5 grid gap-5 md:grid-cols-3">
        {fields.map((f) => (
          <TextField
            key={f.name}
            id={`recharge-${f.name}`}
            label={f.label}
            hint={f.hint}
            inputMode="decimal"
            autoComplete="off"
            {...form.text(f.name)}
          />
        ))}
      </div>
      <Status settings={settings} />
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
          form.reset(valuesOf(settings));
        }}
        pending={save.isPending}
      >
        Save auto-recharge
      </DialogActions>
    </form>
  );
}
