// A carrier that sends every call back: what the telephone network does with a call to
// one of Dialtone's own numbers. A minimal SIP back-to-back user agent over UDP on
// loopback: each INVITE the switch sends to the carrier's trunk becomes a new call
// (its own Call-ID) from the carrier's inbound address to the switch, with the same
// SDP, so that the media flows between the two ends directly. Answers, ACKs and BYEs
// cross from leg to leg.
import { createSocket, type Socket } from 'node:dgram';

interface Message {
  start: string;
  headers: Array<[string, string]>;
  body: string;
}

function parse(text: string): Message {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [start, ...lines] = head.split('\r\n');
  const headers = lines.map((l): [string, string] => {
    const i = l.indexOf(':');
    return [l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim()];
  });
  return { start, headers, body: rest.join('\r\n\r\n') };
}

const all = (m: Message, name: string) => m.headers.filter(([n]) => n === name).map(([, v]) => v);
const one = (m: Message, name: string) => all(m, name)[0] ?? '';
const uriOf = (v: string) => /<([^>]+)>/.exec(v)?.[1] ?? v.split(';')[0];
const userOf = (uri: string) => /sip:([^@;>]+)@/.exec(uri)?.[1] ?? '';
const tagOf = (v: string) => /;tag=([^;>\s]+)/.exec(v)?.[1] ?? '';
/** A Record-Route or Route value may hold several routes, comma-separated. */
const routesOf = (m: Message, name: string) =>
  all(m, name).flatMap((v) => v.split(/,(?=\s*<)/).map((r) => r.trim()));
const hostPort = (uri: string) => {
  const m = /sip:(?:[^@]+@)?([^;>:]+)(?::(\d+))?/.exec(uri);
  return { host: m?.[1] ?? '127.0.0.1', port: Number(m?.[2] ?? 5060) };
};

function render(start: string, headers: Array<[string, string]>, body = ''): string {
  const lines = headers.map(([n, v]) => `${n}: ${v}`);
  const type: Array<[string, string]> = body ? [['Content-Type', 'application/sdp']] : [];
  return [
    start,
    ...lines,
    ...type.map(([n, v]) => `${n}: ${v}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

let counter = 0;
const token = (p: string) => `${p}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** One looped call: leg A (the switch's INVITE to the trunk), leg B (ours back in). */
interface Call {
  a: Message;
  aTag: string;
  aAcked: boolean;
  bCallId: string;
  bFromTag: string;
  bToTag: string;
  bTarget: string;
  bRoutes: string[];
  bBranch: string;
  bCseq: number;
  bAnswered: boolean;
  timers: NodeJS.Timeout[];
}

export interface LoopCarrier {
  stop: () => void;
}

/** Listens for the switch's outbound calls on `trunkPort`, calls back from `inboundPort`. */
export function startLoopCarrier(
  trunkPort: number,
  inboundPort: number,
  switchPort: number,
): LoopCarrier {
  const trunk = createSocket('udp4');
  const inbound = createSocket('udp4');
  const byA = new Map<string, Call>();
  const byB = new Map<string, Call>();
  const send = (socket: Socket, text: string, port: number, host = '127.0.0.1') =>
    socket.send(text, port, host);
  const viaB = (branch: string) => `SIP/2.0/UDP 127.0.0.1:${inboundPort};branch=${branch};rport`;
  const contactB = `<sip:carrier@127.0.0.1:${inboundPort}>`;
  const contactA = `<sip:carrier@127.0.0.1:${trunkPort}>`;

  /** A response to leg A's request `req` (its Vias and dialog headers copied). */
  const replyA = (
    req: Message,
    status: string,
    tag: string,
    extra: Array<[string, string]> = [],
    body = '',
  ) => {
    const headers: Array<[string, string]> = [
      ...all(req, 'via').map((v): [string, string] => ['Via', v]),
      ['From', one(req, 'from')],
      ['To', tagOf(one(req, 'to')) ? one(req, 'to') : `${one(req, 'to')};tag=${tag}`],
      ['Call-ID', one(req, 'call-id')],
      ['CSeq', one(req, 'cseq')],
      ...extra,
    ];
    const { port } = hostPort(`sip:${one(req, 'via').split(' ')[1]}`);
    send(
      trunk,
      render(`SIP/2.0 ${status}`, headers, body),
      Number(/rport=(\d+)/.exec(one(req, 'via'))?.[1] ?? port),
    );
  };

  /** A request in leg B's dialog (ACK or BYE), through its route set. */
  const requestB = (call: Call, method: string, cseq: number, branch = token('z9hG4bK')) => {
    const headers: Array<[string, string]> = [
      ['Via', viaB(branch)],
      ...call.bRoutes.map((r): [string, string] => ['Route', r]),
      ['From', `<sip:${userOf(uriOf(one(call.a, 'from')))}@127.0.0.1>;tag=${call.bFromTag}`],
      ['To', `<sip:${userOf(call.a.start.split(' ')[1])}@127.0.0.1>;tag=${call.bToTag}`],
      ['Call-ID', call.bCallId],
      ['CSeq', `${cseq} ${method}`],
      ['Max-Forwards', '70'],
    ];
    const next = call.bRoutes.length > 0 ? uriOf(call.bRoutes[0]) : call.bTarget;
    const { host, port } = hostPort(next);
    send(inbound, render(`${method} ${call.bTarget} SIP/2.0`, headers), port, host);
  };

  /** Leg A's BYE toward the switch's caller, from our side of that dialog. */
  const byeA = (call: Call) => {
    const routes = routesOf(call.a, 'record-route');
    const target = uriOf(one(call.a, 'contact'));
    const headers: Array<[string, string]> = [
      ['Via', `SIP/2.0/UDP 127.0.0.1:${trunkPort};branch=${token('z9hG4bK')};rport`],
      ...routes.map((r): [string, string] => ['Route', r]),
      ['From', `${one(call.a, 'to')};tag=${call.aTag}`],
      ['To', one(call.a, 'from')],
      ['Call-ID', one(call.a, 'call-id')],
      ['CSeq', '1 BYE'],
      ['Max-Forwards', '70'],
    ];
    const { host, port } = hostPort(routes.length > 0 ? uriOf(routes[0]) : target);
    send(trunk, render(`BYE ${target} SIP/2.0`, headers), port, host);
  };

  const invite = (a: Message) => {
    const callId = one(a, 'call-id');
    if (byA.has(callId)) return; // a retransmission: our 100 covers it
    const to = userOf(a.start.split(' ')[1]);
    const from = userOf(uriOf(one(a, 'from')));
    const call: Call = {
      a,
      aTag: token('a'),
      aAcked: false,
      bCallId: token('loop-'),
      bFromTag: token('b'),
      bToTag: '',
      bTarget: '',
      bRoutes: [],
      bBranch: token('z9hG4bK'),
      bCseq: 1,
      bAnswered: false,
      timers: [],
    };
    byA.set(callId, call);
    byB.set(call.bCallId, call);
    replyA(a, '100 Trying', call.aTag);
    const text = render(
      `INVITE sip:${to}@127.0.0.1:${switchPort} SIP/2.0`,
      [
        ['Via', viaB(call.bBranch)],
        ['From', `<sip:${from}@127.0.0.1>;tag=${call.bFromTag}`],
        ['To', `<sip:${to}@127.0.0.1>`],
        ['Call-ID', call.bCallId],
        ['CSeq', '1 INVITE'],
        ['Contact', contactB],
        ['Max-Forwards', '70'],
      ],
      a.body,
    );
    send(inbound, text, switchPort);
    // Sent again until the switch answers anything (UDP).
    call.timers.push(setInterval(() => !call.bAnswered && send(inbound, text, switchPort), 500));
  };

  const onInbound = (m: Message) => {
    const call = byB.get(one(m, 'call-id'));
    if (!call) return;
    if (!m.start.startsWith('SIP/2.0')) {
      // A request from the switch in leg B's dialog: its BYE. Answered, passed to leg A.
      const headers: Array<[string, string]> = [
        ...all(m, 'via').map((v): [string, string] => ['Via', v]),
        ['From', one(m, 'from')],
        ['To', one(m, 'to')],
        ['Call-ID', one(m, 'call-id')],
        ['CSeq', one(m, 'cseq')],
      ];
      send(inbound, render('SIP/2.0 200 OK', headers), switchPort);
      if (m.start.startsWith('BYE')) {
        call.timers.forEach(clearInterval);
        byeA(call);
      }
      return;
    }
    const status = Number(m.start.split(' ')[1]);
    if (!one(m, 'cseq').endsWith('INVITE')) return;
    if (status < 200) {
      call.bAnswered = true;
      if (status === 180) replyA(call.a, '180 Ringing', call.aTag, [['Contact', contactA]]);
      return;
    }
    call.bAnswered = true;
    call.bToTag = tagOf(one(m, 'to'));
    if (status >= 300) {
      // A refusal: acknowledged in its transaction, passed to leg A, the call over.
      const headers: Array<[string, string]> = [
        ['Via', viaB(call.bBranch)],
        ['From', `<sip:${userOf(uriOf(one(call.a, 'from')))}@127.0.0.1>;tag=${call.bFromTag}`],
        ['To', one(m, 'to')],
        ['Call-ID', call.bCallId],
        ['CSeq', '1 ACK'],
        ['Max-Forwards', '70'],
      ];
      const to = userOf(call.a.start.split(' ')[1]);
      send(inbound, render(`ACK sip:${to}@127.0.0.1:${switchPort} SIP/2.0`, headers), switchPort);
      if (!call.bTarget) replyA(call.a, m.start.slice(8), call.aTag);
      call.bTarget = 'refused';
      call.timers.forEach(clearInterval);
      return;
    }
    if (call.bTarget) {
      requestB(call, 'ACK', 1); // the 200 again: its ACK again
      return;
    }
    call.bTarget = uriOf(one(m, 'contact'));
    call.bRoutes = routesOf(m, 'record-route').reverse();
    requestB(call, 'ACK', 1);
    const ok = () =>
      replyA(
        call.a,
        '200 OK',
        call.aTag,
        [
          ...routesOf(call.a, 'record-route').map((r): [string, string] => ['Record-Route', r]),
          ['Contact', contactA],
        ],
        m.body,
      );
    ok();
    call.timers.push(setInterval(() => !call.aAcked && ok(), 500));
  };

  const onTrunk = (m: Message) => {
    const method = m.start.split(' ')[0];
    const call = byA.get(one(m, 'call-id'));
    if (method === 'INVITE' && !tagOf(one(m, 'to'))) return invite(m);
    if (!call) return;
    if (method === 'ACK') call.aAcked = true;
    if (method === 'BYE' || method === 'CANCEL') {
      replyA(m, '200 OK', call.aTag);
      call.timers.forEach(clearInterval);
      call.bCseq += 1;
      requestB(call, 'BYE', call.bCseq);
    }
  };

  trunk.on('message', (b) => onTrunk(parse(b.toString())));
  inbound.on('message', (b) => onInbound(parse(b.toString())));
  trunk.bind(trunkPort, '127.0.0.1');
  inbound.bind(inboundPort, '127.0.0.1');
  return {
    stop: () => {
      for (const c of byA.values()) c.timers.forEach(clearInterval);
      trunk.close();
      inbound.close();
    },
  };
}
