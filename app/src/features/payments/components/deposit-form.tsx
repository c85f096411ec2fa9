import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/basics/button';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { usd, validateDeposit } from '../../../lib/core';
import { startDeposit } from '../api/start-deposit';

const presets = ['25', '50', '100'];

interface DepositFormProps {
  /** From /payment/config; undefined while it loads. */
  limits: { minDeposit: number; maxDeposit: string } | undefined;
}

export function DepositForm({ limits }: DepositFormProps) {
  const maxDeposit = limits?.maxDeposit;
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const ruleError =
    maxDeposit === undefined ? undefined : validateDeposit(amount, maxDeposit).amount;
  const error = serverError ?? (touched || amount !== '' ? ruleError : undefined);
  const canProceed = maxDeposit !== undefined && !ruleError && Number(amount) > 0;

  const mutation = useMutation({
    mutationFn: startDeposit,
    onSuccess: ({ clientSecret }) => navigate(paths.client.payment(clientSecret)),
    onError: (failure) => {
      setServerError(fieldErrorsOf(failure).amount);
      toast.error(messageOf(failure, 'Could not start the payment. Please try again.'));
    },
  });

  function change(next: string) {
    setAmount(next);
    setServerError(undefined);
  }

  return (
    <form
      noValidate
      aria-label="Deposit amount"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (canProceed && !mutation.isPending) mutation.mutate(amount.trim());
      }}
    >
      <TextField
        id="deposit-amount"
        label="Amount (USD)"
        type="number"
        inputMode="decimal"
        min={1}
        step={0.01}
        placeholder="25.00"
        value={amount}
        error={error}
        hint={
          limits
            ? `From ${usd(limits.minDeposit)} up to ${usd(limits.maxDeposit)} per deposit.`
            : undefined
        }
        disabled={mutation.isPending}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      <div role="group" aria-label="Quick amounts" className="flex flex-wrap gap-2">
        {presets.map((preset) => (
          <Button
            key={preset}
            size="sm"
            variant={amount === preset ? 'primary' : 'secondary'}
            aria-pressed={amount === preset}
            disabled={mutation.isPending}
            onClick={() => change(preset)}
          >
            {usd(preset)}
          </Button>
        ))}
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!canProceed}
        loading={mutation.isPending}
      >
        Proceed to Payment
      </Button>
    </form>
  );
}
