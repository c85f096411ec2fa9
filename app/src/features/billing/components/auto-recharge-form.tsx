import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/feedback/alert';
import { CheckboxField } from '../../../components/ui/forms/checkbox-field';
import { SavedForm } from '../../../components/ui/forms/saved-form';
import { TextFieldGrid } from '../../../components/ui/forms/text-field-grid';
import { usd, validateRecharge } from '../../../lib/core';
import { useSavedForm } from '../../../lib/use-saved-form';
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
  const { form, saving } = useSavedForm({
    initial: valuesOf(settings),
    validate: ({ threshold, amount, monthlyMax }) =>
      validateRecharge({ threshold, amount, monthlyMax }, maxDeposit),
    save: ({ enabled, ...input }) => saveAutoRecharge(enabled, input),
    cache: autoRechargeKey,
    valuesOf,
    saved: (saved) => (saved.enabled ? 'Auto-recharge is on' : 'Auto-recharge is off'),
    failure: 'Could not save auto-recharge. Please try again.',
  });
  return (
    <SavedForm
      id="recharge-heading"
      title="Auto-recharge"
      description="Keep your calls and numbers running: when your available balance falls below the amount you choose, we charge your saved card once and add the funds. A declined card is tried again twice over a day, then auto-recharge turns off and we tell you."
      submitLabel="Save auto-recharge"
      {...saving}
    >
      <div className="mt-5">
        <CheckboxField
          label="Turn on auto-recharge"
          description={hasCard ? undefined : 'Save a card above first.'}
          disabled={!hasCard && !settings.enabled}
          {...form.checkbox('enabled')}
        />
      </div>
      <TextFieldGrid
        className="mt-5 grid gap-5 md:grid-cols-3"
        idPrefix="recharge-"
        fields={fields}
        inputMode="decimal"
        autoComplete="off"
        text={form.text}
      />
      <Status settings={settings} />
    </SavedForm>
  );
}
