import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { useWebhookDeliveries, webhookDeliveriesKey } from '../api/get-webhook-deliveries';
import { resendWebhookDelivery } from '../api/resend-webhook-delivery';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

/** The latest webhook deliveries with their outcome, each one sendable again. */
export function WebhookDeliveriesPanel() {
  const queryClient = useQueryClient();
  const deliveries = useWebhookDeliveries();
  const resend = useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: async () => {
      toast.success('Delivery queued again');
      await refreshAfterWrite(queryClient, { queryKey: webhookDeliveriesKey });
    },
    onError: (error) => toast.error(messageOf(error, 'Could not resend the delivery.')),
  });
  return (
    <QueryList
      heading={{
        id: 'webhooks-heading',
        title: 'Webhook deliveries',
        description: (
          <>
            Events POSTed to your StatusCallback, SmsUrl and VoiceUrl, signed with your Auth Token
            in <code className="font-mono">X-Twilio-Signature</code>. Failed deliveries are retried
            for 24 hours.
          </>
        ),
      }}
      query={deliveries}
      loading={<TableSkeleton label="Loading webhook deliveries..." rows={3} columns={6} />}
      error="Could not load your webhook deliveries."
      isEmpty={(data) => data.deliveries.length === 0}
      empty="No webhook deliveries yet."
    >
      {(data) => <WebhookDeliveriesTable items={data.deliveries} resend={resend} />}
    </QueryList>
  );
}
