import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { fieldErrorsOf, isApiError, messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useCoreForm } from '../../../lib/use-core-form';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { emptyCard, SandboxCardFieldset, validateToday, type CardValues } from './card-fields';
import { PaymentProgress } from './payment-progress';

function depositResultPath(clientSecret: string): string {
  return `${paths.client.deposit}?payment=${encodeURIComponent(clientSecret)}`;
}

/** The sandbox provider's card form: Stripe's test cards, confirmed by our server. */
export function SandboxCardForm({ clientSecret }: { clientSecret: string }) {
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const [declined, setDeclined] = useState<string | null>(null);
  const form = useCoreForm<CardValues>({ initial: emptyCard, validate: validateToday });

  const mutation = useMutation({
    mutationFn: (card: CardValues) => confirmSandboxPayment(clientSecret, card),
    onSuccess: async (outcome) => {
      if (outcome.status !== 'succeeded') {
        setDeclined(outcome.message);
        return;
      }
      await refreshUser();
      toast.success('Payment successful');
      navigate(depositResultPath(clientSecret));
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        toast(error.message);
        navigate(depositResultPath(clientSecret));
        return;
      }
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) form.setServerErrors(fields);
      else setDeclined(messageOf(error, 'The payment could not be completed. Please try again.'));
    },
  });

  const busy = mutation.isPending;

  return (
    <form
      noValidate
      aria-label="Card payment"
      className="space-y-5"
      onSubmit={form.submit((values) => {
        setDeclined(null);
        mutation.mutate(values);
      })}
    >
      {declined && <Alert>{declined}</Alert>}
      <SandboxCardFieldset
        text={form.text}
        disabled={busy}
        cards={[
          '4242 4242 4242 4242 succeeds',
          '4000 0000 0000 0002 is declined',
          '4000 0000 0000 9995 is declined for insufficient funds',
        ]}
      >
        <p className="mt-1">Use any future expiry date and any 3-digit CVC.</p>
      </SandboxCardFieldset>
      {busy && <PaymentProgress />}
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        Pay now
      </Button>
    </form>
  );
}
