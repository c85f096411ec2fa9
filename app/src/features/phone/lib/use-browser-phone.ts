import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { UA } from 'jssip';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import { messageOf } from '../../../lib/api-client';
import { requestBrowserPhone, type BrowserPhone } from '../api/browser-phone';
import { CONNECTION_LOST_MESSAGE, failureMessage, microphoneMessage } from './call-messages';
import {
  failureOf,
  mediaOptions,
  openMicrophone,
  playRemote,
  sendDigit,
  startAgent,
  type RTCSession,
} from './sip-session';

/** Whether the page can call: registered at the switch, or why not. */
export type PhoneStatus = 'connecting' | 'ready' | 'offline' | 'unavailable';

export interface ActiveCall {
  /** The other party. */
  number: string;
  incoming: boolean;
  /** For an incoming call: the account's number it was made to. */
  calledNumber?: string;
  /** Ringing (either way) until answered. */
  connected: boolean;
  /** Unix ms of the answer. */
  answeredAt: number | null;
  muted: boolean;
}

/** The page's phone: credentials, registration, the one call at a time and its controls. */
export function useBrowserPhone(speaker: RefObject<HTMLAudioElement | null>, microphone: string) {
  const [creds, setCreds] = useState<BrowserPhone | null>(null);
  const [status, setStatus] = useState<PhoneStatus>('connecting');
  const [call, setCall] = useState<ActiveCall | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [callerId, setCallerIdState] = useState<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const ua = useRef<UA | null>(null);
  const session = useRef<RTCSession | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const dropped = useRef(false);

  const finish = useCallback((message: string | null) => {
    session.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setCall(null);
    setNotice(dropped.current ? CONNECTION_LOST_MESSAGE : message);
    dropped.current = false;
  }, []);

  const follow = useCallback(
    (s: RTCSession) => {
      session.current = s;
      playRemote(s, speaker.current);
      s.on('confirmed', () =>
        setCall((c) => c && { ...c, connected: true, answeredAt: c.answeredAt ?? Date.now() }),
      );
      s.on('ended', (e) => finish(failureMessage(failureOf(e))));
      s.on('failed', (e) => finish(failureMessage(failureOf(e))));
    },
    [finish, speaker],
  );

  useEffect(() => {
    let agent: UA | null = null;
    let cancelled = false;
    requestBrowserPhone(callerId)
      .then(async (c) => {
        if (cancelled) return;
        setCreds(c);
        agent = await startAgent(c);
        if (cancelled) {
          agent.stop();
          return;
        }
        ua.current = agent;
        agent.on('registered', () => setStatus('ready'));
        agent.on('registrationFailed', () => setStatus('offline'));
        agent.on('disconnected', () => {
          setStatus('offline');
          if (session.current) {
            dropped.current = true;
            session.current.terminate();
          }
        });
        agent.on('newRTCSession', ({ originator, session: s, request }: RTCSessionEvent) => {
          if (originator !== 'remote') return;
          if (session.current) {
            s.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
            return;
          }
          follow(s);
          const number = request.from.uri.user ?? '';
          const calledNumber = request.to.uri.user ?? '';
          setCall({
            number,
            calledNumber,
            incoming: true,
            connected: false,
            answeredAt: null,
            muted: false,
          });
        });
        // New credentials before these expire, once no call is in progress.
        const refresh = Math.max(c.expiresAt - Date.now() - 120_000, 60_000);
        const timer = window.setInterval(() => {
          if (!session.current) setGeneration((g) => g + 1);
        }, refresh);
        agent.on('unregistered', () => window.clearInterval(timer));
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setStatus('unavailable');
        setNotice(messageOf(e, 'The phone could not start. Reload the page to try again.'));
      });
    return () => {
      cancelled = true;
      agent?.stop();
      ua.current = null;
    };
  }, [callerId, generation, follow]);

  const dial = useCallback(
    async (number: string) => {
      const agent = ua.current;
      if (!agent || !creds || session.current) return;
      setNotice(null);
      try {
        stream.current = await openMicrophone(microphone);
      } catch (e) {
        setNotice(microphoneMessage(e));
        return;
      }
      setCall({ number, incoming: false, connected: false, answeredAt: null, muted: false });
      follow(agent.call(`sip:${number}@${creds.realm}`, mediaOptions(stream.current)));
    },
    [creds, follow, microphone],
  );

  const answer = useCallback(async () => {
    const s = session.current;
    if (!s) return;
    try {
      stream.current = await openMicrophone(microphone);
    } catch (e) {
      s.terminate({ status_code: 480, reason_phrase: 'Temporarily Unavailable' });
      setNotice(microphoneMessage(e));
      return;
    }
    s.answer(mediaOptions(stream.current));
  }, [microphone]);

  const hangUp = useCallback(() => session.current?.terminate(), []);

  const decline = useCallback(
    () => session.current?.terminate({ status_code: 603, reason_phrase: 'Decline' }),
    [],
  );

  const toggleMute = useCallback(() => {
    const s = session.current;
    if (!s) return;
    const muted = s.isMuted().audio ?? false;
    if (muted) s.unmute({ audio: true });
    else s.mute({ audio: true });
    setCall((c) => c && { ...c, muted: !muted });
  }, []);

  const digit = useCallback((d: string) => {
    if (session.current) sendDigit(session.current, d);
  }, []);

  /** Starts again (credentials and registration): after a number was bought, say. */
  const retry = useCallback(() => {
    setStatus('connecting');
    setGeneration((g) => g + 1);
  }, []);

  /** Calls from now on show `id` (new credentials with it). */
  const setCallerId = useCallback((id: string) => {
    setStatus('connecting');
    setCallerIdState(id);
  }, []);

  return {
    creds,
    retry,
    status,
    call,
    notice,
    setCallerId,
    dial,
    answer,
    hangUp,
    decline,
    toggleMute,
    digit,
  };
}
