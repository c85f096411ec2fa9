import { Button } from '../../../components/ui/basics/button';
import { actionsColumn, rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { dateColumn } from '../../../components/ui/tables/table-cells';
import type { ApiKey } from '../api/get-api-keys';

interface ApiKeysTableProps {
  onRevoke: (key: ApiKey) => void;
}

export const ApiKeysTable = listTable<ApiKey, ApiKeysTableProps>({
  caption: 'API keys',
  rowKey: (k) => k.sid,
  minWidth: 'min-w-[44rem]',
  columns: ({ onRevoke }) => [
    rowHeaderColumn('Name', (k: ApiKey) => k.name),
    {
      header: 'SID',
      className: 'font-mono text-xs text-slate-700',
      testId: (k) => `api-key-sid-${k.name}`,
      cell: (k) => k.sid,
    },
    dateColumn<ApiKey>('Created', (k) => k.createdAt, { withTime: true }),
    dateColumn<ApiKey>('Last used', (k) => k.lastUsedAt, { withTime: true, empty: 'Never' }),
    actionsColumn<ApiKey>((k) => (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Revoke ${k.name}`}
        onClick={() => onRevoke(k)}
      >
        Revoke
      </Button>
    )),
  ],
});
