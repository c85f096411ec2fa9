import { lazy, Suspense, useState } from 'react';
import {
  ActionConfirmDialog,
  dangerConfirm,
} from '../../../components/ui/dialogs/action-confirm-dialog';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import type { PaymentConfig } from '../../payments/api/get-payment-config';
import { cardKey, removeCard, type SavedCardState } from '../api/billing';
import { SandboxSaveCardForm } from './sandbox-save-card-form';
import { Section } from '../../../components/ui/layout/section';

const StripeSaveCardForm = lazy(() =>
  import('./stripe-save-card-form').then((module) => ({ default: module.StripeSaveCardForm })),
);

type Card = NonNullable<SavedCardState['card']>;

function CardLine({ card }: { card: Card }) {
  const month = String(card.expMonth).padStart(2, '0');
  return (
    <p className="text-slate-800">
      <span className="font-medium">
        {card.brand} ending {card.last4}
      </span>{' '}
      <span className="text-slate-500">
        expires {month}/{card.expYear}
      </span>
    </p>
  );
}

/** The card auto-recharge charges: shown with a Remove button, or the form that saves one. */
export function SavedCardPanel({
  state,
  config,
}: {
  state: SavedCardState;
  config: PaymentConfig;
}) {
  const [removing, setRemoving] = useState(false);
  const card = state.card;
  let body;
  if (card) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardLine card={card} />
        <Button variant="secondary" onClick={() => setRemoving(true)}>
          Remove card
        </Button>
      </div>
    );
  } else if (config.provider === 'sandbox') {
    body = <SandboxSaveCardForm />;
  } else if (config.publishableKey) {
    body = (
      <Suspense fallback={<p role="status">Loading...</p>}>
        <StripeSaveCardForm publishableKey={config.publishableKey} />
      </Suspense>
    );
  } else {
    body = <Alert>Saving a card is not available right now. Please try again later.</Alert>;
  }
  return (
    <Section
      id="card-heading"
      title="Saved card"
      className="p-4 sm:p-6"
      description="Auto-recharge charges this card. Only its brand, last four digits and expiry are kept here; the card itself stays with the payment provider."
    >
      {body}
      {removing && card && (
        <ActionConfirmDialog
          {...dangerConfirm('remove the card', removeCard, cardKey, {
            title: 'Remove Card',
            success: 'Card removed',
            children: (
              <p>
                Remove the {card.brand} card ending {card.last4}? Auto-recharge turns off until you
                save another card.
              </p>
            ),
          })}
          refresh={['payment']}
          onClose={() => setRemoving(false)}
        />
      )}
    </Section>
  );
}
