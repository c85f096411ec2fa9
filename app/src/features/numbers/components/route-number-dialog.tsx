import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { ChargeFailure } from '../../../components/ui/feedback/charge-failure';
import { Dialog } from '../../../components/ui/dialogs/dialog';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { RadioGroup } from '../../../components/ui/forms/radio-group';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { validateForwardTo } from '../../../lib/core';
import { ivrFlowsKey } from '../../ivr/api/get-flows';
import type { MyNumber } from '../api/get-my-numbers';
import { routeKey, saveNumberRoute, useNumberRoute, type NumberRoute } from '../api/number-route';
import { RouteDevicesFieldset } from './route-devices-fieldset';
import { RouteIvrField } from './route-ivr-field';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

interface RouteNumberDialogProps {
  item: MyNumber;
  onClose: () => void;
}

/** Where inbound calls to a number go: some or all of the owner's SIP devices, a
 * forward to another phone number, or one of the owner's IVR flows. */
export function RouteNumberDialog({ item, onClose }: RouteNumberDialogProps) {
  const route = useNumberRoute(item.id);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Call Routing"
      description={`Inbound calls to ${item.number} ring the devices you choose, all at once, or go on to another number.`}
    >
      {route.isPending && <LoadingStatus label="Loading devices..." />}
      {route.isError && <Alert>{messageOf(route.error, 'Could not load the routing.')}</Alert>}
      {route.data && (
        // A fresh answer (the cached one shows while it loads) starts the form again.
        <RouteForm key={route.dataUpdatedAt} item={item} route={route.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

type Mode = 'ring' | 'forward' | 'ivr';

function RouteForm({
  item,
  route,
  onClose,
}: { item: MyNumber; route: NumberRoute } & {
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState(
    () => new Set(route.devices.filter((d) => d.selected).map((d) => d.id)),
  );
  const [mode, setMode] = useState<Mode>(
    route.ivrFlowId ? 'ivr' : route.forwardTo ? 'forward' : 'ring',
  );
  const [forwardTo, setForwardTo] = useState(route.forwardTo ?? '');
  const [forwardError, setForwardError] = useState<string>();
  const [flowId, setFlowId] = useState(route.ivrFlowId ? String(route.ivrFlowId) : '');
  const [flowError, setFlowError] = useState<string>();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const save = useMutation({
    mutationFn: (target: { forwardTo: string | null; ivrFlowId: number | null }) =>
      saveNumberRoute(item.id, [...chosen], target.forwardTo, target.ivrFlowId),
    onSuccess: async (saved, target) => {
      queryClient.setQueryData(routeKey(item.id), saved);
      toast.success(`Routing of ${item.number} saved`);
      onClose();
      // Routing to a flow may start its monthly charge, and the list counts its numbers.
      if (target.ivrFlowId !== null || route.ivrFlowId) {
        await Promise.all([
          refreshUser(),
          refreshAfterWrite(queryClient, { queryKey: ivrFlowsKey, exact: true }),
        ]);
      }
    },
    // The server's word on the chosen flow (not the caller's, say) shows under its field.
    onError: (error) => setFlowError(fieldErrorsOf(error).ivrFlowId),
  });
  function toggle(id: number, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  function submit() {
    if (mode === 'ring') return save.mutate({ forwardTo: null, ivrFlowId: null });
    if (mode === 'ivr') {
      if (flowId === '') return setFlowError(FLOW_REQUIRED);
      return save.mutate({ forwardTo: null, ivrFlowId: Number(flowId) });
    }
    // The same rule the server applies on save: E.164, and not this number itself.
    const checked = validateForwardTo(forwardTo, item.number);
    if ('error' in checked) return setForwardError(checked.error);
    if (checked.ok === null) return setForwardError(FORWARD_REQUIRED);
    save.mutate({ forwardTo: checked.ok, ivrFlowId: null });
  }
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <RadioGroup
        legend="Inbound calls"
        name="route-mode"
        options={MODES}
        value={mode}
        onChange={setMode}
      />
      {mode === 'ring' ? (
        <RouteDevicesFieldset devices={route.devices} chosen={chosen} onToggle={toggle} />
      ) : mode === 'ivr' ? (
        <RouteIvrField
          value={flowId}
          error={flowError}
          onChange={(value) => {
            setFlowId(value);
            setFlowError(undefined);
          }}
        />
      ) : (
        <TextField
          label="Forward to"
          type="tel"
          placeholder="+14155550123"
          value={forwardTo}
          error={forwardError}
          hint="Forwarded calls are a second, outbound call from this number, billed to you at the outbound rate."
          onChange={(event) => {
            setForwardTo(event.target.value);
            setForwardError(undefined);
          }}
        />
      )}
      {save.isError && !fieldErrorsOf(save.error).ivrFlowId && (
        <Alert>
          <ChargeFailure error={save.error} fallback="Could not save the routing." />
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save Routing
        </Button>
      </div>
    </form>
  );
}

const MODES: [Mode, string][] = [
  ['ring', 'Ring my SIP devices'],
  ['forward', 'Forward to a phone number'],
  ['ivr', 'Answer with an IVR flow'],
];

const FORWARD_REQUIRED = 'Enter the number to forward calls to';
const FLOW_REQUIRED = 'Choose the flow that answers calls';
