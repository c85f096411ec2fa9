// The thin layer over JsSIP: a user agent registered with the page's credentials over
// the switch's WebSocket, and what a call needs from the browser (the microphone, the
// far end's audio). Everything the page decides is in use-browser-phone.ts.
import type { UA } from 'jssip';
import type { EndEvent, RTCSession } from 'jssip/lib/RTCSession';
import type { BrowserPhone } from '../api/browser-phone';
import type { CallFailure } from './call-messages';

export type { RTCSession };

/** JsSIP, downloaded with the first page that starts the phone (not with the app). */
let jssip: typeof import('jssip') | null = null;

/** A user agent for `creds`, started: it connects and registers on its own. */
export async function startAgent(creds: BrowserPhone): Promise<UA> {
  jssip ??= await import('jssip');
  const { UA, WebSocketInterface } = jssip;
  const ua = new UA({
    sockets: [new WebSocketInterface(creds.wsUrl)],
    uri: `sip:${creds.username}@${creds.realm}`,
    authorization_user: creds.username,
    password: creds.password,
    realm: creds.realm,
    register: true,
    register_expires: 300,
    session_timers: false,
    user_agent: 'Dialtone browser phone',
  });
  ua.start();
  return ua;
}

/** The microphone `deviceId` names (the default one when empty). */
export function openMicrophone(deviceId: string): Promise<MediaStream> {
  const audio = deviceId ? { deviceId: { exact: deviceId } } : true;
  return navigator.mediaDevices.getUserMedia({ audio, video: false });
}

/** Options of a call or an answer: our microphone, no STUN (the relay is the switch's). */
export function mediaOptions(stream: MediaStream) {
  return { mediaStream: stream, pcConfig: { iceServers: [] } };
}

/** Plays the far end's audio in `audio` once the call's connection carries it. */
export function playRemote(session: RTCSession, audio: HTMLAudioElement | null) {
  const attach = (pc: RTCPeerConnection) =>
    pc.addEventListener('track', (e) => {
      if (audio) audio.srcObject = e.streams[0] ?? new MediaStream([e.track]);
    });
  if (session.connection) attach(session.connection);
  else session.on('peerconnection', (e) => attach(e.peerconnection));
}

/** A DTMF digit in the call's audio (RFC 4733), as IVR menus and carriers read it. */
export function sendDigit(session: RTCSession, digit: string) {
  // A call exists only once startAgent has loaded JsSIP.
  if (jssip) session.sendDTMF(digit, { transportType: jssip.C.DTMF_TRANSPORT.RFC2833 });
}

/** How a call ended or failed, from JsSIP's event. */
export function failureOf(e: EndEvent): CallFailure {
  const m = e.message as { status_code?: number; reason_phrase?: string } | undefined;
  return { cause: e.cause, status: m?.status_code, reason: m?.reason_phrase };
}
