// Loaded on demand, only when the server's provider is Stripe: the default bundle never
// pulls in Stripe.js.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { PaymentProgress } from './payment-progress';

const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripePaymentFormProps {
  clientSecret: string;
  publishableKey: string;
}

export function StripePaymentForm({ clientSecret, publishableKey }: StripePaymentFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <CheckoutForm />
    </Elements>
  );
}

function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || confirming) return;
    setConfirming(true);
    setError(null);
    // Stripe redirects to return_url (adding payment_intent_client_secret) unless it fails here.
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${paths.client.deposit}` },
    });
    setError(result.error?.message ?? 'The payment could not be completed. Please try again.');
    setConfirming(false);
  }

  return (
    <form noValidate aria-label="Card payment" className="space-y-5" onSubmit={onSubmit}>
      {error && <Alert>{error}</Alert>}
      <PaymentElement />
      {confirming && <PaymentProgress />}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements}
        loading={confirming}
      >
        Pay now
      </Button>
    </form>
  );
}
