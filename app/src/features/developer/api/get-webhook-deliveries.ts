import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type WebhookDelivery = Schema<'Delivery'>;
export type WebhookDeliveries = Schema<'Deliveries'>;

export const webhookDeliveriesKey = ['webhook-deliveries'] as const;

/** The latest 50 deliveries, newest first. Deliveries are retried in the background:
 * refetched every 30 seconds while shown. */
export function useWebhookDeliveries() {
  return useApiGet<WebhookDeliveries>(webhookDeliveriesKey, '/developer/webhooks', {
    pollEvery: 30_000,
  });
}
