import { Button } from '../../../components/ui/basics/button';
import { Badge } from '../../../components/ui/feedback/badge';
import { actionsColumn, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { TwoLineCell } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { FraudAlert } from '../api/fraud-alerts';

interface AlertsTableProps {
  onSuspend: (alert: FraudAlert) => void;
  onDismiss: (alert: FraudAlert) => void;
}

const tones = { open: 'red', dismissed: 'gray', suspended: 'yellow' } as const;

export const AlertsTable = listTable<FraudAlert, AlertsTableProps>({
  caption: 'Fraud alerts',
  minWidth: 'min-w-[52rem]',
  columns: ({ onSuspend, onDismiss }) => [
    rowHeaderColumn(
      'Customer',
      (a: FraudAlert) => <TwoLineCell title={a.name} detail={a.email} />,
      '',
    ),
    {
      header: 'What was seen',
      cell: (a) => (
        <>
          <p className="font-medium text-slate-900">{a.title}</p>
          <p className="max-w-md text-slate-600">{a.evidence}</p>
        </>
      ),
    },
    { header: 'Raised', cell: (a) => formatDateTime(a.createdAt) },
    {
      header: 'Status',
      cell: (a) => <Badge tone={tones[a.status as keyof typeof tones] ?? 'gray'}>{a.status}</Badge>,
    },
    actionsColumn<FraudAlert>((a) =>
      a.status === 'open' ? (
        <span className="flex gap-2">
          <Button variant="danger" size="sm" onClick={() => onSuspend(a)}>
            Suspend <span className="sr-only">{a.email}</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onDismiss(a)}>
            Dismiss <span className="sr-only">{`${a.title} on ${a.email}`}</span>
          </Button>
        </span>
      ) : null,
    ),
  ],
});
