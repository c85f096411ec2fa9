import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { EmptyStart } from '../../../components/ui/feedback/empty-start';
import { AppPage } from '../../../components/ui/layout/app-page';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import { duplicateIvrFlow } from '../api/duplicate-flow';
import { ivrFlowsKey, useIvrFlows, type IvrFlowSummary } from '../api/get-flows';
import { deleteFlowConfirm } from '../components/delete-flow-confirm';
import { FlowsTable, type FlowAction } from '../components/flows-table';
import { VoicemailList } from '../components/voicemail-list';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

export function IvrFlowsPage() {
  const flows = useIvrFlows();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<IvrFlowSummary | null>(null);
  const duplicate = useMutation({
    mutationFn: (flow: IvrFlowSummary) => duplicateIvrFlow(flow.id),
    onSuccess: async (copy) => {
      toast.success(`${copy.name} created`);
      await refreshAfterWrite(queryClient, { queryKey: ivrFlowsKey, exact: true });
    },
    onError: (error) => toast.error(messageOf(error, 'Could not duplicate the flow.')),
  });

  function onAction(action: FlowAction, flow: IvrFlowSummary) {
    if (action === 'edit') navigate(paths.client.ivrFlow(flow.id));
    else if (action === 'duplicate') duplicate.mutate(flow);
    else setDeleting(flow);
  }

  return (
    <AppPage
      title="IVR flows"
      description={
        flows.data
          ? `What callers hear and press when they call your numbers. A flow in use costs ${usd(flows.data.monthlyPrice)}/month.`
          : 'What callers hear and press when they call your numbers.'
      }
      meta="IVR call flows: menus, business hours, forwarding and voicemail for your numbers."
      actions={<ButtonLink to={paths.client.ivrNew}>New flow</ButtonLink>}
    >
      <QueryList
        label="My IVR flows"
        busy={duplicate.isPending}
        query={flows}
        loading={<TableSkeleton label="Loading flows..." rows={3} columns={5} />}
        error="Could not load your IVR flows."
        empty={
          <EmptyStart to={paths.client.ivrNew} action="Build your first flow">
            No IVR flows yet. Build one, try it with a test call, then route a number to it in My
            Numbers.
          </EmptyStart>
        }
      >
        {(data) => <FlowsTable items={data.items} onAction={onAction} />}
      </QueryList>
      <VoicemailList />
      {deleting && (
        <ActionConfirmDialog {...deleteFlowConfirm(deleting)} onClose={() => setDeleting(null)} />
      )}
    </AppPage>
  );
}
