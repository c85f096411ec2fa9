import type { ActionConfirm } from '../../../components/ui/action-confirm-dialog';
import { hangUp, liveKey, type LiveCall } from '../api/live-calls';

/** Asks before the switch ends a call: both parties are cut off at once. */
export function hangUpConfirm(call: LiveCall): ActionConfirm<unknown> {
  return {
    title: 'Hang Up Call',
    confirmLabel: 'Hang Up',
    danger: true,
    action: () => hangUp(call.callId),
    success: `Call from ${call.from} to ${call.to} hung up`,
    refresh: liveKey('admin'),
    failure: 'Could not hang up the call.',
    children: (
      <p>
        Hang up the call from {call.from} to {call.to}? Both parties are cut off now; the talk time
        so far is billed.
      </p>
    ),
  };
}
