// Loaded on demand, only when the server's provider is Stripe: the default bundle never
// pulls in Stripe.js.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { messageOf } from '../../../lib/api-client';
import {
  autoRechargeKey,
  cardKey,
  confirmCardSetup,
  startCardSetup,
  type CardSetup,
} from '../api/billing';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

/** Saves a card with Stripe: a SetupIntent confirmed by Stripe.js, then read back by Dialtone. */
export function StripeSaveCardForm({ publishableKey }: { publishableKey: string }) {
  const [setup, setSetup] = useState<CardSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    startCardSetup().then(setSetup, (e) =>
      setError(messageOf(e, 'Could not start saving a card.')),
    );
  }, []);
  if (error) return <Alert>{error}</Alert>;
  if (!setup?.clientSecret || !setup.setupIntentId) return <p role="status">Loading...</p>;
  return (
    <Elements stripe={loadStripe(publishableKey)} options={{ clientSecret: setup.clientSecret }}>
      <SetupForm setupIntentId={setup.setupIntentId} />
    </Elements>
  );
}

function SetupForm({ setupIntentId }: { setupIntentId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || saving) return;
    setSaving(true);
    setError(null);
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required' });
    if (result.error) {
      setError(result.error.message ?? 'The card could not be saved. Please try again.');
      setSaving(false);
      return;
    }
    try {
      queryClient.setQueryData(cardKey, await confirmCardSetup(setupIntentId));
      await refreshAfterWrite(queryClient, { queryKey: autoRechargeKey });
      toast.success('Card saved');
    } catch (e) {
      setError(messageOf(e, 'The card could not be saved. Please try again.'));
    }
    setSaving(false);
  }

  return (
    <form noValidate aria-label="Save a card" className="space-y-4" onSubmit={onSubmit}>
      {error && <Alert>{error}</Alert>}
      <PaymentElement />
      <Button type="submit" disabled={!stripe || !elements} loading={saving}>
        Save card
      </Button>
    </form>
  );
}
