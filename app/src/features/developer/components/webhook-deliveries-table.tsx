import type { BadgeTone } from '../../../components/ui/feedback/badge';
import { Button } from '../../../components/ui/basics/button';
import { actionsColumn, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { dateColumn, statusColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { sendingFor, type RowRequest } from '../../../lib/row-request';
import type { WebhookDelivery } from '../api/get-webhook-deliveries';

const tones: Record<WebhookDelivery['status'], BadgeTone> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

interface WebhookDeliveriesTableProps {
  /** Queues a delivery again; its button waits meanwhile. */
  resend: RowRequest;
}

export const WebhookDeliveriesTable = listTable<WebhookDelivery, WebhookDeliveriesTableProps>({
  caption: 'Webhook deliveries',
  minWidth: 'min-w-[56rem]',
  rowClassName: 'align-top',
  columns: ({ resend }) => [
    rowHeaderColumn(
      'Event',
      (d: WebhookDelivery) => d.event,
      'font-mono text-xs text-slate-900 whitespace-nowrap',
    ),
    {
      header: 'URL',
      className: 'max-w-[20rem] break-all text-slate-700',
      cell: (d) => d.url,
    },
    statusColumn<WebhookDelivery>(
      (d) => d.status,
      (d) => tones[d.status],
    ),
    { header: 'Attempts', align: 'right', cell: (d) => d.attempts },
    {
      header: 'Last response',
      className: 'text-slate-700',
      cell: (d) =>
        d.lastError ? (
          <TwoLineCell
            title={d.lastStatusCode ?? 'No response'}
            detail={d.lastError}
            titleClassName="text-slate-900"
            detailClassName="text-xs text-slate-500 break-words"
          />
        ) : (
          (d.lastStatusCode ?? '—')
        ),
    },
    dateColumn<WebhookDelivery>('Time', (d) => d.createdAt, { withTime: true }),
    actionsColumn<WebhookDelivery>((d) => (
      <Button
        variant="secondary"
        size="sm"
        loading={sendingFor(resend, d.id)}
        aria-label={`Resend ${d.event} delivery`}
        onClick={() => resend.mutate(d.id)}
      >
        Resend
      </Button>
    )),
  ],
});
