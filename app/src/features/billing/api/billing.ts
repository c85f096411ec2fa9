import type { Schema } from '../../../generated/api-types';
import { api } from '../../../lib/api-client';
import type { CardInput, RechargeInput } from '../../../lib/core';
import { useApiGet } from '../../../lib/use-api-get';

export type SavedCardState = Schema<'SavedCardState'>;
export type AutoRecharge = Schema<'AutoRecharge'>;
export type CardSetup = Schema<'CardSetup'>;

export const cardKey = ['payment', 'card'] as const;
export const autoRechargeKey = ['payment', 'auto-recharge'] as const;

export function useSavedCard() {
  return useApiGet<SavedCardState>(cardKey, '/payment/card', { staleTime: 0 });
}

export function useAutoRecharge() {
  return useApiGet<AutoRecharge>(autoRechargeKey, '/payment/auto-recharge', { staleTime: 0 });
}

export function saveSandboxCard(card: CardInput) {
  return api.post<SavedCardState>('/payment/sandbox/card', {
    cardNumber: card.cardNumber.trim(),
    expMonth: card.expMonth.trim(),
    expYear: card.expYear.trim(),
    cvc: card.cvc.trim(),
  });
}

export function startCardSetup() {
  return api.post<CardSetup>('/payment/card/setup');
}

export function confirmCardSetup(setupIntentId: string) {
  return api.post<SavedCardState>('/payment/card/confirm', { setupIntentId });
}

export function removeCard() {
  return api.delete<SavedCardState>('/payment/card');
}

export function saveAutoRecharge(enabled: boolean, input: RechargeInput) {
  return api.put<AutoRecharge>('/payment/auto-recharge', { enabled, ...input });
}
