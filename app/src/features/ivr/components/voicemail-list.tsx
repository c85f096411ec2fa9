import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ActionConfirmDialog,
  dangerConfirm,
} from '../../../components/ui/dialogs/action-confirm-dialog';
import { Badge } from '../../../components/ui/feedback/badge';
import { Button } from '../../../components/ui/basics/button';
import { ListStates, TitledListPanel } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { Time } from '../../../components/ui/tables/table-cells';
import { deleteVoicemail } from '../api/delete-voicemail';
import { useVoicemails, voicemailsKey, type Voicemail } from '../api/get-voicemails';
import { VoicemailPlayer } from './voicemail-player';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

const duration = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

/** The messages callers left in the flows' voicemail steps, newest first. */
export function VoicemailList() {
  const voicemails = useVoicemails();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Voicemail | null>(null);
  return (
    <>
      <TitledListPanel id="voicemail-heading" title="Voicemail" busy={voicemails.isFetching}>
        <ListStates
          query={voicemails}
          loading={<TableSkeleton label="Loading voicemail..." rows={3} columns={4} />}
          error="Could not load your voicemail."
          empty="No messages yet. Callers reach a flow's voicemail step to leave one."
          each={(v) => (
            <li key={v.id} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center">
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex items-center gap-2">
                  <span className="font-mono font-semibold text-slate-900">{v.caller}</span>
                  {!v.heard && <Badge tone="blue">New</Badge>}
                </p>
                <p className="text-slate-600">
                  {v.number ? (
                    <>
                      to <span className="font-mono">{v.number}</span>
                      {v.flowName ? ` (${v.flowName})` : ''} ·{' '}
                    </>
                  ) : null}
                  <Time value={v.date} withTime /> · {duration(v.seconds)}
                </p>
              </div>
              <VoicemailPlayer
                id={v.id}
                label={v.caller}
                onFetched={() => {
                  // The server marks it heard once fetched.
                  if (!v.heard) void refreshAfterWrite(queryClient, { queryKey: voicemailsKey });
                }}
              />
              <Button variant="secondary" size="sm" onClick={() => setDeleting(v)}>
                Delete <span className="sr-only">message from {v.caller}</span>
              </Button>
            </li>
          )}
        />
      </TitledListPanel>
      {deleting && (
        <ActionConfirmDialog
          {...dangerConfirm(
            'delete the message',
            () => deleteVoicemail(deleting.id),
            voicemailsKey,
            {
              title: 'Delete message',
              success: 'Message deleted',
              children: <p>Delete the message from {deleting.caller}? It cannot be recovered.</p>,
            },
          )}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
