import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import type { NewSipDevice } from '../api/create-device';

interface NewPasswordPanelProps {
  created: NewSipDevice;
  onDone: () => void;
}

/** The one time a device's password is shown, with what a phone needs to register. */
export function NewPasswordPanel({ created, onDone }: NewPasswordPanelProps) {
  const rows: Array<[string, string]> = [
    ['Username', created.device.username],
    ['Password', created.password],
    ['Domain (realm)', created.realm],
    ['Caller ID', created.device.callerId],
  ];
  return (
    <div className="space-y-3" role="region" aria-label="New device credentials">
      <Alert tone="success">
        Device created. Copy the password now: it is shown only once and cannot be recovered.
      </Alert>
      <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="font-mono break-all text-slate-900" data-testid={`new-device-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
