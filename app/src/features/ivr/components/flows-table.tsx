import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { rowHeaderColumn } from '../../../components/ui/data-table';
import { listTable } from '../../../components/ui/list-table';
import { actionsMenuColumn, dateColumn } from '../../../components/ui/table-cells';
import type { IvrFlowSummary } from '../api/get-flows';

export type FlowAction = 'edit' | 'duplicate' | 'delete';

interface FlowsTableProps {
  onAction: (action: FlowAction, flow: IvrFlowSummary) => void;
}

export const FlowsTable = listTable<IvrFlowSummary, FlowsTableProps>({
  caption: 'IVR flows',
  minWidth: 'min-w-[40rem]',
  columns: ({ onAction }) => [
    rowHeaderColumn(
      'Name',
      (f: IvrFlowSummary) => (
        <Link
          className="font-medium text-brand-700 hover:underline"
          to={paths.client.ivrFlow(f.id)}
        >
          {f.name}
        </Link>
      ),
      '',
    ),
    { header: 'Steps', cell: (f) => f.steps },
    {
      header: 'Numbers routed',
      cell: (f) =>
        f.numbers.length === 0 ? (
          <span className="text-slate-500">None</span>
        ) : (
          <span className="font-mono">{f.numbers.join(', ')}</span>
        ),
    },
    dateColumn<IvrFlowSummary>('Updated', (f) => f.updatedAt, { withTime: true }),
    actionsMenuColumn<IvrFlowSummary>(
      (f) => f.name,
      (f) => [
        { label: 'Edit', onSelect: () => onAction('edit', f) },
        { label: 'Duplicate', onSelect: () => onAction('duplicate', f) },
        { label: 'Delete', danger: true, onSelect: () => onAction('delete', f) },
      ],
    ),
  ],
});
