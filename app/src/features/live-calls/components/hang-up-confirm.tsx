import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { hangUp, liveKey, type LiveCall } from '../api/live-calls';

/** Asks before the switch ends a call: both parties are cut off at once. */
export function hangUpConfirm(call: LiveCall) {
  return dangerConfirm('hang up the call', () => hangUp(call.callId), liveKey('admin'), {
    title: 'Hang Up Call',
    confirmLabel: 'Hang Up',
    success: `Call from ${call.from} to ${call.to} hung up`,
    children: (
      <p>
        Hang up the call from {call.from} to {call.to}? Both parties are cut off now; the talk time
        so far is billed.
      </p>
    ),
  });
}
