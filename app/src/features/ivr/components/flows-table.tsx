import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { rowHeaderColumn, type RowActionsProps } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { dateColumn } from '../../../components/ui/tables/table-cells';
import type { IvrFlowSummary } from '../api/get-flows';

export type FlowAction = 'edit' | 'duplicate' | 'delete';

type FlowsTableProps = RowActionsProps<IvrFlowSummary, FlowAction>;

export const FlowsTable = listTable<IvrFlowSummary, FlowsTableProps>({
  caption: 'IVR flows',
  minWidth: 'min-w-[40rem]',
  columns: [
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
  ],
  menu: {
    name: (f) => f.name,
    items: (f, { onAction }) => [
      { label: 'Edit', onSelect: () => onAction('edit', f) },
      { label: 'Duplicate', onSelect: () => onAction('duplicate', f) },
      { label: 'Delete', danger: true, onSelect: () => onAction('delete', f) },
    ],
  },
});
