import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useState } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { actionsColumn, DataTable, type Column } from '../../../components/ui/tables/data-table';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { formatDuration, usd } from '../../../lib/core';
import { useLiveCalls, type LiveCall, type LiveScope } from '../api/live-calls';
import { hangUpConfirm } from './hang-up-confirm';

const time = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function columns(
  scope: LiveScope,
  onHangUp: (call: LiveCall) => void,
): Array<Column<LiveCall> | false> {
  return [
    { header: 'Caller', rowHeader: true, className: 'font-mono', cell: (c) => c.from },
    { header: 'Callee', className: 'font-mono', cell: (c) => c.to },
    scope === 'admin' && { header: 'Customer', cell: (c) => c.customer ?? '' },
    { header: 'Started', cell: (c) => time(c.startedAt) },
    {
      header: 'Duration',
      align: 'right',
      testId: (c) => `live-duration-${c.callId}`,
      cell: (c) => (c.answeredAt == null ? 'Ringing' : formatDuration(c.durationSeconds)),
    },
    { header: 'Cost so far', align: 'right', cell: (c) => usd(c.costSoFar) },
    scope === 'admin' &&
      actionsColumn((c) =>
        c.answeredAt == null ? null : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Hang up the call from ${c.from} to ${c.to}`}
            onClick={() => onHangUp(c)}
          >
            Hang Up
          </Button>
        ),
      ),
  ];
}

/** Calls in progress, refreshed every few seconds; administrators can hang one up. */
export function LiveCallsPanel({ scope }: { scope: LiveScope }) {
  const live = useLiveCalls(scope);
  const [ending, setEnding] = useState<LiveCall | null>(null);
  return (
    <>
      <QueryList
        heading={{ id: `live-calls-${scope}`, title: 'Calls in Progress' }}
        query={live}
        loading={<TableSkeleton label="Loading calls in progress..." rows={2} columns={5} />}
        error="Could not load the calls in progress."
        empty="No calls in progress."
      >
        {(data) => (
          <DataTable
            caption="Calls in progress"
            columns={columns(scope, setEnding)}
            rows={data.items}
            rowKey={(c) => c.callId}
            minWidth="min-w-[40rem]"
          />
        )}
      </QueryList>
      {ending && <ActionConfirmDialog {...hangUpConfirm(ending)} onClose={() => setEnding(null)} />}
    </>
  );
}
