import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmStep } from '../../../components/ui/confirm-step';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { usd, validateAdjustment } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import { adjustBalance, type AdjustmentType } from '../api/adjust-balance';
import { balancesKey, type BalanceItem } from '../api/get-balances';

type AdjustValues = { amount: string; reason: string };

const titles: Record<AdjustmentType, string> = { credit: 'Add Funds', debit: 'Deduct Funds' };

function question(type: AdjustmentType, amount: string, name: string): string {
  return type === 'credit'
    ? `Add ${usd(amount)} to ${name}'s balance?`
    : `Deduct ${usd(amount)} from ${name}'s balance?`;
}

interface AdjustDialogProps {
  user: BalanceItem;
  type: AdjustmentType;
  onClose: () => void;
}

/** Add or deduct funds: a validated form, then a confirmation step, then the call. */
export function AdjustDialog({ user, type, onClose }: AdjustDialogProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [failure, setFailure] = useState<string | null>(null);
  // After a step change, focus goes to where the next action is (autoFocus on mount).
  const [moved, setMoved] = useState(false);
  const form = useCoreForm<AdjustValues>({
    initial: { amount: '', reason: '' },
    validate: (values) => validateAdjustment(values),
  });
  const amount = form.values.amount.trim();

  const mutation = useMutation({
    mutationFn: () => adjustBalance(user.id, { type, amount, reason: form.values.reason.trim() }),
    onSuccess: async (result) => {
      toast.success(result.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: balancesKey });
    },
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
    <Dialog
      open
      onClose={onClose}
      dismissible={!mutation.isPending}
      title={titles[type]}
      description={`${user.name} (${user.email}), current balance ${usd(user.balance)}`}
    >
      {step === 'form' ? (
        <form noValidate className="space-y-4" onSubmit={form.submit(() => goTo('confirm'))}>
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
          <DialogActions onCancel={onClose} danger={type === 'debit'}>
            Continue
          </DialogActions>
        </form>
      ) : (
        <ConfirmStep
          failure={failure}
          onBack={() => goTo('form')}
          onConfirm={() => mutation.mutate()}
          danger={type === 'debit'}
          pending={mutation.isPending}
          confirmLabel="Confirm"
        >
          <p className="text-base font-medium text-slate-900">
            {question(type, amount, user.name)}
          </p>
          <p className="text-sm text-slate-600">Reason: {form.values.reason.trim()}</p>
        </ConfirmStep>
      )}
    </Dialog>
  );
}
