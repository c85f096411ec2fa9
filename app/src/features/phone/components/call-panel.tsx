import { Mic, MicOff, PhoneOff } from 'lucide-react';
import { Button } from '../../../components/ui/basics/button';
import { formatDuration } from '../../../lib/core';
import type { ActiveCall } from '../lib/use-browser-phone';
import { useRunningCost } from '../lib/use-running-cost';
import { DialPad } from './dial-pad';

interface CallPanelProps {
  call: ActiveCall;
  callerId: string | undefined;
  onHangUp: () => void;
  onMute: () => void;
  onDigit: (digit: string) => void;
}

/** The call in progress: who, how long, what it costs so far, and its controls. */
export function CallPanel({ call, callerId, onHangUp, onMute, onDigit }: CallPanelProps) {
  const { seconds, rate, cost } = useRunningCost(call, callerId);
  const state = call.connected ? 'Connected' : call.incoming ? 'Connecting...' : 'Calling...';
  return (
    <div className="space-y-4" aria-live="polite">
      <div>
        <p className="text-2xl font-semibold text-slate-900">{call.number}</p>
        <p className="text-sm text-slate-600">
          <span>{state}</span>
          {call.connected && (
            <span>
              {' '}
              · <span aria-label="Call time">{formatDuration(seconds)}</span>
            </span>
          )}
        </p>
        {rate && <p className="text-sm text-slate-600">{rate}</p>}
        {cost && call.connected && (
          <p className="text-sm text-slate-900">
            Cost so far: <span aria-label="Cost so far">{cost}</span>
          </p>
        )}
      </div>
      {call.connected && <DialPad label="Keypad" onKey={onDigit} />}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onMute} aria-pressed={call.muted}>
          {call.muted ? <MicOff className="h-4 w-4" /> : <Mic className="h-4 w-4" />}
          {call.muted ? 'Unmute' : 'Mute'}
        </Button>
        <Button variant="danger" onClick={onHangUp}>
          <PhoneOff className="h-4 w-4" />
          Hang up
        </Button>
      </div>
    </div>
  );
}
