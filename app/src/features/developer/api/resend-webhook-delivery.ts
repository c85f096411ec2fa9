import { api } from '../../../lib/api-client';
import type { WebhookDelivery } from './get-webhook-deliveries';

/** Queues a delivery again, to be attempted now. */
export function resendWebhookDelivery(id: number) {
  return api.post<{ delivery: WebhookDelivery }>(`/developer/webhooks/${id}/resend`);
}
