import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';

/** Queues a delivery again, to be attempted now. */
export function resendWebhookDelivery(id: number) {
  return api.post<Schema<'Resent'>>(`/developer/webhooks/${id}/resend`);
}
