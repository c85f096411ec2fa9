import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingStatus } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import type { MyNumber } from '../api/get-my-numbers';
import { routeKey, saveNumberRoute, useNumberRoute, type NumberRoute } from '../api/number-route';

interface RouteNumberDialogProps {
  item: MyNumber;
  onClose: () => void;
}

/** Where inbound calls to a number ring: some or all of the owner's SIP devices. */
export function RouteNumberDialog({ item, onClose }: RouteNumberDialogProps) {
  const route = useNumberRoute(item.id);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Call Routing"
      description={`Inbound calls to ${item.number} ring the devices you choose, all at once.`}
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
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => saveNumberRoute(item.id, [...chosen]),
    onSuccess: (saved) => {
      queryClient.setQueryData(routeKey(item.id), saved);
      toast.success(`Routing of ${item.number} saved`);
      onClose();
    },
  });
  if (route.devices.length === 0) {
    return (
      <div className="space-y-4 text-sm text-slate-700">
        <p>You have no SIP devices yet: inbound calls have nowhere to ring.</p>
        <Link className="font-medium text-brand-700 hover:underline" to={paths.client.sipDevices}>
          Create a SIP device
        </Link>
      </div>
    );
  }
  function toggle(id: number, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Ring these devices</legend>
        {route.devices.map((d) => (
          <label key={d.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={chosen.has(d.id)}
              onChange={(event) => toggle(d.id, event.target.checked)}
            />
            <span className="font-mono">{d.username}</span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-600" role="status">
        {chosen.size === 0
          ? 'None chosen: calls ring all of your devices.'
          : `Calls ring ${chosen.size} of your ${route.devices.length} devices.`}
      </p>
      {save.isError && <Alert>{messageOf(save.error, 'Could not save the routing.')}</Alert>}
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
