import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Schema } from '../../../lib/api-types';

export type WebhookDelivery = Schema<'Delivery'>;
export type WebhookDeliveries = Schema<'Deliveries'>;

export const webhookDeliveriesKey = ['webhook-deliveries'] as const;

/** The latest 50 deliveries, newest first. */
export function getWebhookDeliveries() {
  return api.get<WebhookDeliveries>('/developer/webhooks');
}

/** Deliveries are retried in the background: refetched every 30 seconds while shown. */
export function useWebhookDeliveries() {
  return useQuery({
    queryKey: webhookDeliveriesKey,
    queryFn: getWebhookDeliveries,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}
