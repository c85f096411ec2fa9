import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmFirstDialog } from '../../../components/ui/dialogs/confirm-first-dialog';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { usd, validateAdjustment } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { useDialogMutation } from '../../../lib/use-dialog-mutation';
import { adjustBalance, type AdjustmentType } from '../api/adjust-balance';
import { balancesKey, type BalanceItem } from '../api/get-balances';

type AdjustValues = { amount: string; reason: string };

const titles: Record<AdjustmentType, string> = { credit: 'Add Funds', debit: 'Deduct Funds' };

/** A component, so that it renders only on the confirmation step: usd() throws on an amount
 * the form has not yet checked. */
function Question({ type, amount, name }: { type: AdjustmentType; amount: string; name: string }) {
  return (
    <p className="text-base font-medium text-slate-900">
      {type === 'credit'
        ? `Add ${usd(amount)} to ${name}'s balance?`
        : `Deduct ${usd(amount)} from ${name}'s balance?`}
    </p>
  );
}

interface AdjustDialogProps {
  user: BalanceItem;
  type: AdjustmentType;
  onClose: () => void;
}

/** Add or deduct funds: a validated form, then a confirmation step, then the call. */
export function AdjustDialog({ user, type, onClose }: AdjustDialogProps) {
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [failure, setFailure] = useState<string | null>(null);
  // After a step change, focus goes to where the next action is (autoFocus on mount).
  const [moved, setMoved] = useState(false);
  const form = useCoreForm<AdjustValues>({
    initial: { amount: '', reason: '' },
    validate: (values) => validateAdjustment(values),
  });
  const amount = form.values.amount.trim();

  const mutation = useDialogMutation({
    mutationFn: () => adjustBalance(user.id, { type, amount, reason: form.values.reason.trim() }),
    onSaved: (result) => toast.success(result.message),
    onClose,
    refresh: balancesKey,
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) {
        form.setServerErrors(fields);
        setStep('form');
      } else {
        setFailure(messageOf(error, 'Could not change the balance. Please try again.'));
      }
    },
  });

  function goTo(next: 'form' | 'confirm') {
    setMoved(true);
    setFailure(null);
    setStep(next);
  }

  return (
    <ConfirmFirstDialog
      onClose={onClose}
      pending={mutation.isPending}
      title={titles[type]}
      description={`${user.name} (${user.email}), current balance ${usd(user.balance)}`}
      confirming={step === 'confirm'}
      onContinue={form.submit(() => goTo('confirm'))}
      fields={
        <>
          <TextField
            id="adjust-amount"
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="12.50"
            required
            autoFocus={moved}
            {...form.text('amount')}
          />
          <TextField
            id="adjust-reason"
            label="Reason"
            autoComplete="off"
            placeholder="Refund for a dropped call"
            hint="Shown on the customer's transaction history and kept in the audit log."
            required
            {...form.text('reason')}
          />
        </>
      }
      danger={type === 'debit'}
      failure={failure}
      onBack={() => goTo('form')}
      onConfirm={() => mutation.mutate()}
      confirmLabel="Confirm"
    >
      <Question type={type} amount={amount} name={user.name} />
      <p className="text-sm text-slate-600">Reason: {form.values.reason.trim()}</p>
    </ConfirmFirstDialog>
  );
}
