// The test call: core's executor (through wasm) walked by clicks instead of a caller.
// Prompts are read, not played, so each one counts as finished at once; everything
// else (keys, no input, an answer or not, the message's length) is the person's click.
import {
  ivrStart,
  ivrStep,
  type IvrAction,
  type IvrEvent,
  type IvrFlow,
  type IvrState,
} from '../../../lib/core-tools';

export interface CallLine {
  who: 'flow' | 'caller';
  text: string;
}

export interface PreviewCall {
  /** The flow as it was when the call started: an edit since makes the call stale. */
  flow: IvrFlow;
  state: IvrState;
  lines: CallLine[];
  /** When recording started (ms), to time the message. */
  recordingSince?: number;
}

// An invalid flow may loop on prompts without a key; the preview stops after this many.
const MAX_PROMPTS_PER_TURN = 20;

function actionLine(action: IvrAction): CallLine | null {
  switch (action.type) {
    case 'play':
      return { who: 'flow', text: `“${action.text}”` };
    case 'stopPlaying':
      return null;
    case 'collectDigits':
      return { who: 'flow', text: `Waits ${action.timeoutSeconds} s for a key` };
    case 'forward':
      return {
        who: 'flow',
        text: `Rings ${action.to === 'devices' ? 'your SIP devices' : action.to} for ${action.ringSeconds} s`,
      };
    case 'beep':
      return { who: 'flow', text: 'Beep' };
    case 'record':
      return { who: 'flow', text: `Records up to ${action.maxSeconds} s` };
    case 'hangup':
      return { who: 'flow', text: 'Hangs up' };
    // Actions of TwiML's steps, which the editor's flows do not have.
    case 'pause':
      return { who: 'flow', text: `Waits ${action.seconds} s` };
    case 'finishRecording':
      return null;
    case 'fetch':
      return { who: 'flow', text: `Asks ${action.url}` };
    case 'reject':
      return { who: 'flow', text: 'Refuses the call' };
  }
}

function eventLine(event: IvrEvent): CallLine {
  const text = {
    promptFinished: '',
    digit: `Presses ${'digit' in event ? event.digit : ''}`,
    timeout: 'Presses nothing',
    forwardAnswered: 'Someone answers: the call is theirs now',
    forwardFailed: 'Nobody answers',
    recordingFinished: `Leaves a ${'seconds' in event ? event.seconds : 0} s message`,
    hangup: 'Hangs up',
  }[event.type];
  return { who: 'caller', text };
}

/** Feeds "prompt finished" while the flow is playing a prompt, as a real call would. */
function settle(call: PreviewCall, actions: IvrAction[], nowMs: number): PreviewCall {
  let { state } = call;
  const lines = [...call.lines];
  let pending = actions;
  for (let i = 0; ; i++) {
    lines.push(...pending.map(actionLine).filter((l): l is CallLine => l !== null));
    if (state.phase !== 'playing' || i >= MAX_PROMPTS_PER_TURN) break;
    const next = ivrStep(call.flow, state, { type: 'promptFinished' }, nowMs);
    state = next.state;
    pending = next.actions;
  }
  const recordingSince =
    state.phase === 'recording' ? (call.recordingSince ?? Date.now()) : undefined;
  return { ...call, state, lines, recordingSince };
}

/** Answers a test call at `nowMs` (the clock the flow's business hours read). */
export function startCall(flow: IvrFlow, nowMs: number): PreviewCall {
  const first = ivrStart(flow, nowMs);
  return settle({ flow, state: first.state, lines: [] }, first.actions, nowMs);
}

/** What the caller (or the far end) did, and what the flow does about it. */
export function sendEvent(call: PreviewCall, event: IvrEvent, nowMs: number): PreviewCall {
  const next = ivrStep(call.flow, call.state, event, nowMs);
  return settle(
    { ...call, state: next.state, lines: [...call.lines, eventLine(event)] },
    next.actions,
    nowMs,
  );
}

/** The seconds recorded so far, as the message's length (at least 1, at most the step's). */
export function recordedSeconds(call: PreviewCall, now = Date.now()): number {
  const step = call.flow.steps[call.state.step];
  const max = step?.type === 'voicemail' ? step.maxSeconds : 1;
  const elapsed = Math.round((now - (call.recordingSince ?? now)) / 1000);
  return Math.min(max, Math.max(1, elapsed));
}
