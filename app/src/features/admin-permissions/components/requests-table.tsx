import { Button } from '../../../components/ui/basics/button';
import { actionsColumn, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { TwoLineCell } from '../../../components/ui/tables/table-cells';
import { formatDateTime } from '../../../lib/format-date';
import type { WaitingRequest } from '../api/admin-permissions';

interface RequestsTableProps {
  /** The request being answered, if any. */
  answering: number | null;
  onDecide: (request: WaitingRequest, approve: boolean) => void;
}

export const RequestsTable = listTable<WaitingRequest, RequestsTableProps>({
  caption: 'Requests for blocked countries',
  minWidth: 'min-w-[44rem]',
  columns: ({ answering, onDecide }) => [
    rowHeaderColumn(
      'Customer',
      (r: WaitingRequest) => <TwoLineCell title={r.name} detail={r.email} />,
      '',
    ),
    {
      header: 'Asks for',
      cell: (r) => `${r.channel === 'voice' ? 'Calls' : 'SMS'} to ${r.country}`,
    },
    { header: 'Reason', cell: (r) => r.note || '—' },
    { header: 'Asked', cell: (r) => formatDateTime(r.createdAt) },
    actionsColumn<WaitingRequest>((r) => {
      const what = `${r.channel} to ${r.country} for ${r.email}`;
      return (
        <span className="flex gap-2">
          <Button size="sm" loading={answering === r.id} onClick={() => onDecide(r, true)}>
            Grant <span className="sr-only">{what}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={answering === r.id}
            onClick={() => onDecide(r, false)}
          >
            Decline <span className="sr-only">{what}</span>
          </Button>
        </span>
      );
    }),
  ],
});
