import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import type { NewSipDevice } from '../api/create-device';
import { ServerSettings } from './server-settings';

interface NewPasswordPanelProps {
  created: NewSipDevice;
  onDone: () => void;
}

/** The one time a device's password is shown, with everything a phone needs to register. */
export function NewPasswordPanel({ created, onDone }: NewPasswordPanelProps) {
  return (
    <div className="space-y-3" role="region" aria-label="New device credentials">
      <Alert tone="success">
        Device created. Copy the password now: it is shown only once and cannot be recovered.
      </Alert>
      <ServerSettings
        server={created.server}
        username={created.device.username}
        password={created.password}
      />
      <p className="text-sm text-slate-600">
        Calls from this device show <span className="font-mono">{created.device.callerId}</span> as
        caller ID.
      </p>
      <Button variant="secondary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
