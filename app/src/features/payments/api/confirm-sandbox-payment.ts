import { api } from '../../../lib/api-client';
import type { CardInput } from '../../../lib/core';
import type { Schema } from '../../../generated/api-types';

export type SandboxOutcome = Schema<'ConfirmResult'>;

export function confirmSandboxPayment(clientSecret: string, card: CardInput) {
  return api.post<SandboxOutcome>('/payment/sandbox/confirm', {
    clientSecret,
    cardNumber: card.cardNumber.trim(),
    expMonth: card.expMonth.trim(),
    expYear: card.expYear.trim(),
    cvc: card.cvc.trim(),
  });
}
