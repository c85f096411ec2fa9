import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { AppPage } from '../../../components/ui/layout/app-page';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { QueryLoadError } from '../../../components/ui/feedback/load-error';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { isApiError, messageOf } from '../../../lib/api-client';
import type { IvrFlow, IvrLevel, IvrProblem } from '../../../lib/core';
import { ivrFlowKey, useIvrFlow, type IvrFlowDetail } from '../api/get-flow';
import { ivrFlowsKey, useIvrFlows } from '../api/get-flows';
import { saveIvrFlow } from '../api/save-flow';
import { FlowEditor, type ServerProblems } from '../components/flow-editor';
import { FlowInUse } from '../components/flow-in-use';
import { starterFlow } from '../components/flow-steps';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

/** The problems of a 400 answer to a save (core's, as the server found them). */
function problemsOf(error: unknown): IvrProblem[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const problems = (error.body as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? (problems as IvrProblem[]) : [];
}

/** /client/ivr/new and /client/ivr/:id: one flow's editor. */
export function IvrEditorPage() {
  const { id } = useParams();
  const flowId = id === undefined ? null : Number(id);
  if (flowId !== null && !(Number.isInteger(flowId) && flowId > 0)) {
    return <Page title="IVR flow">{<p>There is no such flow.</p>}</Page>;
  }
  return flowId === null ? <NewFlow /> : <SavedFlow id={flowId} />;
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <AppPage
      title={title}
      description="Steps a caller goes through: checked as you edit, tried with a test call."
    >
      {children}
    </AppPage>
  );
}

function NewFlow() {
  // The level decides what a flow may hold; the list answers it.
  const list = useIvrFlows();
  return (
    <Page title="New IVR flow">
      {list.isPending && <LoadingStatus label="Loading..." />}
      {list.isError && <QueryLoadError query={list} fallback="Could not load your IVR level." />}
      {list.data && <Editor id={null} initial={starterFlow()} level={list.data.level} />}
    </Page>
  );
}

function SavedFlow({ id }: { id: number }) {
  const flow = useIvrFlow(id);
  // The level decides what a flow may hold; the list answers it.
  const list = useIvrFlows();
  const failed = flow.isError ? flow : list.isError ? list : null;
  return (
    <Page title={flow.data ? flow.data.name : 'IVR flow'}>
      {failed ? (
        <QueryLoadError query={failed} fallback="Could not load the flow." />
      ) : flow.data && list.data ? (
        <>
          <FlowInUse flow={flow.data} />
          {/* The saved version starts the editor afresh each time it changes on the server. */}
          <Editor
            key={flow.data.updatedAt}
            id={id}
            initial={flow.data.flow}
            level={list.data.level}
          />
        </>
      ) : (
        <LoadingStatus label="Loading the flow..." />
      )}
    </Page>
  );
}

function Editor({ id, initial, level }: { id: number | null; initial: IvrFlow; level: IvrLevel }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverProblems, setServerProblems] = useState<ServerProblems | null>(null);
  const save = useMutation({
    mutationFn: (flow: IvrFlow) => saveIvrFlow(id, flow),
    onSuccess: (saved: IvrFlowDetail) => {
      toast.success(`${saved.name} saved`);
      void refreshAfterWrite(queryClient, { queryKey: ivrFlowsKey, exact: true });
      if (id === null) {
        queryClient.setQueryData(ivrFlowKey(saved.id), saved);
        navigate(paths.client.ivrFlow(saved.id), { replace: true });
      }
    },
    onError: (error, flow) => {
      const problems = problemsOf(error);
      setServerProblems(problems.length > 0 ? { flow, problems } : null);
    },
  });
  const failure =
    save.isError && problemsOf(save.error).length === 0
      ? messageOf(save.error, 'Could not save the flow. Please try again.')
      : null;
  return (
    <FlowEditor
      initial={initial}
      level={level}
      saving={save.isPending}
      serverProblems={serverProblems}
      failure={failure}
      onSave={(flow) => save.mutate(flow)}
      actions={
        <ButtonLink to={paths.client.ivr} variant="secondary">
          Back to flows
        </ButtonLink>
      }
    />
  );
}
