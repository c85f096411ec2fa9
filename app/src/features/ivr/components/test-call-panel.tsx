import { useState } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { TextField } from '../../../components/ui/forms/text-field';
import { ivrIsOpen, ivrPathText, type IvrEvent, type IvrFlow } from '../../../lib/core-tools';
import { KEYS } from './flow-steps';
import { recordedSeconds, sendEvent, startCall, type PreviewCall } from './preview-call';

interface TestCallPanelProps {
  flow: IvrFlow;
  /** Only a flow without problems can be walked: the executor assumes a valid one. */
  valid: boolean;
  call: PreviewCall | null;
  onCall: (call: PreviewCall | null) => void;
}

/** "datetime-local" text as epoch ms, or the browser's clock when empty or unreadable. */
function instant(local: string): number {
  const ms = local ? new Date(local).getTime() : NaN;
  return Number.isNaN(ms) ? Date.now() : ms;
}

/** A call through the flow in the browser: what it says, a keypad, the way so far. */
export function TestCallPanel({ flow, valid, call, onCall }: TestCallPanelProps) {
  const [at, setAt] = useState('');
  const live = call !== null && call.flow === flow;
  const state = live ? call.state : null;
  const step = state ? flow.steps[state.step] : undefined;
  const inMenu =
    step?.type === 'menu' && (state?.phase === 'playing' || state?.phase === 'collecting');
  const send = (event: IvrEvent) => call && onCall(sendEvent(call, event, instant(at)));
  const hours = Object.entries(flow.steps).filter(([, s]) => s.type === 'hours');

  return (
    <div className="space-y-4">
      <TextField
        label="Call at"
        type="datetime-local"
        value={at}
        hint="Empty: now, by this browser's clock. Pick a time to try closed hours."
        onChange={(event) => setAt(event.target.value)}
      />
      {valid && hours.length > 0 && (
        <ul className="text-sm text-slate-700" aria-label="Business hours at that time">
          {hours.map(([id, s]) => (
            <li key={id}>
              <span className="font-mono">{id}</span>:{' '}
              {s.type === 'hours' && ivrIsOpen(s, instant(at)) ? 'open' : 'closed'}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={!valid} onClick={() => onCall(startCall(flow, instant(at)))}>
          {live ? 'Call again' : 'Start test call'}
        </Button>
        {state && state.phase !== 'ended' && (
          <Button variant="secondary" onClick={() => send({ type: 'hangup' })}>
            Hang up
          </Button>
        )}
      </div>
      {!valid && <p className="text-sm text-slate-600">Fix the flow's problems to try it.</p>}
      {call && !live && valid && (
        <p className="text-sm text-slate-600">The flow changed: start the call again.</p>
      )}
      {live && state && (
        <>
          <ol
            role="log"
            aria-label="Call transcript"
            className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
          >
            {call.lines.map((line, i) => (
              <li key={i} className={line.who === 'caller' ? 'text-brand-800' : 'text-slate-800'}>
                <span className="font-semibold">{line.who === 'caller' ? 'You' : 'Flow'}:</span>{' '}
                {line.text}
              </li>
            ))}
          </ol>
          <p className="text-sm text-slate-700" data-testid="call-path">
            <span className="font-semibold">Path:</span> {ivrPathText(state)}
          </p>
          <p className="text-sm font-medium text-slate-800" role="status">
            {state.phase === 'ended' ? 'Call ended' : `At step ${state.step}`}
          </p>
          <div role="group" aria-label="Keypad" className="grid max-w-[15rem] grid-cols-3 gap-2">
            {KEYS.map((k) => (
              <Button
                key={k}
                variant="secondary"
                disabled={!inMenu}
                onClick={() => send({ type: 'digit', digit: k })}
              >
                <span className="sr-only">Key</span> {k}
              </Button>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={!(inMenu && state.phase === 'collecting')}
              onClick={() => send({ type: 'timeout' })}
            >
              No input
            </Button>
            {state.phase === 'forwarding' && (
              <>
                <Button variant="secondary" onClick={() => send({ type: 'forwardAnswered' })}>
                  Answered
                </Button>
                <Button variant="secondary" onClick={() => send({ type: 'forwardFailed' })}>
                  No answer
                </Button>
              </>
            )}
            {state.phase === 'recording' && (
              <Button
                variant="secondary"
                onClick={() => send({ type: 'recordingFinished', seconds: recordedSeconds(call) })}
              >
                End the message
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
