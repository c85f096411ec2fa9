// What the page says when a call cannot start or ends by itself: the switch's SIP
// answers and the browser's own failures, in words a caller understands.

/** How a call attempt failed, as JsSIP reports it. */
export interface CallFailure {
  /** JsSIP's cause, e.g. "Busy", "Rejected", "User Denied Media Access". */
  cause: string;
  /** The SIP answer when there was one. */
  status?: number;
  reason?: string;
}

export const MICROPHONE_REFUSED_MESSAGE =
  "Microphone access was refused. Allow the microphone for this site in your browser's settings, then call again.";
export const NO_MICROPHONE_MESSAGE = 'No microphone was found. Connect one and call again.';
export const CONNECTION_LOST_MESSAGE =
  'The connection to the phone service dropped, so the call ended. You are billed only for the time you talked.';
export const NO_FUNDS_MESSAGE =
  'Not enough funds for this call. Add funds to your balance and call again.';

/** The sentence for a call that did not connect, or null when the caller ended it. */
export function failureMessage(f: CallFailure): string | null {
  if (f.cause === 'Canceled' || f.cause === 'Terminated') return null;
  if (f.cause === 'User Denied Media Access') return MICROPHONE_REFUSED_MESSAGE;
  if (f.cause === 'Connection Error' || f.cause === 'Request Timeout') {
    return CONNECTION_LOST_MESSAGE;
  }
  if (f.status === 402) return NO_FUNDS_MESSAGE;
  if (f.status === 480 || f.status === 408 || f.status === 487) return 'Nobody answered.';
  // The far end's busy; the switch's own 486 names its reason (too many calls at once).
  if ((f.status === 486 || f.status === 600) && /busy/i.test(f.reason ?? '')) {
    return 'The number is busy.';
  }
  if (f.status === 484) return 'The number is incomplete: dial + and the country code first.';
  if (f.status !== undefined && f.reason) return `The call was refused: ${f.reason} (${f.status}).`;
  return `The call did not connect: ${f.cause}.`;
}

/** The sentence for a microphone the browser could not open. */
export function microphoneMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return NO_MICROPHONE_MESSAGE;
  return MICROPHONE_REFUSED_MESSAGE;
}
