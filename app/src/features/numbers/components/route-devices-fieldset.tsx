import { paths } from '../../../app/paths';
import type { NumberRoute } from '../api/number-route';
import { NothingToRouteTo } from './nothing-to-route-to';

interface RouteDevicesFieldsetProps {
  devices: NumberRoute['devices'];
  chosen: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
}

/** The owner's SIP devices with a checkbox each: the ones an inbound call rings. */
export function RouteDevicesFieldset({ devices, chosen, onToggle }: RouteDevicesFieldsetProps) {
  if (devices.length === 0) {
    return (
      <NothingToRouteTo
        message="You have no SIP devices yet: inbound calls have nowhere to ring."
        to={paths.client.sipDevices}
        action="Create a SIP device"
      />
    );
  }
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Ring these devices</legend>
        {devices.map((d) => (
          <label key={d.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={chosen.has(d.id)}
              onChange={(event) => onToggle(d.id, event.target.checked)}
            />
            <span className="font-mono">{d.username}</span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-600" role="status">
        {chosen.size === 0
          ? 'None chosen: calls ring all of your devices.'
          : `Calls ring ${chosen.size} of your ${devices.length} devices.`}
      </p>
    </>
  );
}
