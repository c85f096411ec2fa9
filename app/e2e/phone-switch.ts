// A server of its own for the browser phone's tests, with the telephony `make run`
// starts beside it: Kamailio (switch/start.sh) with SIP over WebSocket, rtpengine
// (switch/media.sh) bridging the browser's DTLS-SRTP to plain RTP, and SIPp as the
// carrier that answers outbound calls. Everything on free loopback ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startServer, type E2eServer } from './global-setup';
import { startLoopCarrier } from './loop-carrier';

const root = resolve(import.meta.dirname, '..', '..');

export interface PhoneSwitch {
  baseUrl: string;
  /** SIPp's message trace of the carrier: what reached the carrier. */
  carrierTrace: () => string;
  /** The carrier calls `to` from `from`, talks `talkMs` once answered, hangs up: SIPp's exit code. */
  carrierCall: (from: string, to: string, talkMs: number) => Promise<number | null>;
  /** CPU seconds rtpengine has used so far (user and system). */
  mediaCpuSeconds: () => number;
  /** Where rtpengine's log stands: a mark for relayedPackets. */
  mediaMark: () => number;
  /** Packets rtpengine relayed, per leg of each call ended so far (its final stats),
   *  of the calls offered after `since` (a mediaMark) when given. */
  relayedPackets: (since?: number) => { protocol: string; packets: number }[];
  stop: () => void;
}

interface Ports {
  sip: number;
  ws: number;
  rpc: number;
  carrier: number;
  carrierIn: number;
  ng: number;
  media: number;
}

async function ports(): Promise<Ports> {
  const free = async () => await freePort();
  return {
    sip: await free(),
    ws: await free(),
    rpc: await free(),
    carrier: await free(),
    carrierIn: await free(),
    ng: await free(),
    // rtpengine's range: a free port and the 99 above it (the kernel hands out
    // ephemeral ports far from there).
    media: 20000 + Math.floor(Math.random() * 90) * 100,
  };
}

/** `command` with its output in `log` (kept with E2E_KEEP=1 for reading after a failure). */
function run(command: string, args: string[], env: Record<string, string>, log: string) {
  const out = openSync(log, 'a');
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  child.on('exit', (code) => {
    if (code !== null && code !== 0) console.error(`${log}: exited ${code}`);
  });
  return child;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function waitFor(what: string, ready: () => boolean) {
  for (let i = 0; i < 100; i++) {
    if (ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

/** The media relay, the switch and (unless the carrier loops) SIPp as the carrier. */
function telephony(server: E2eServer, p: Ports, work: string, loop: boolean): ChildProcess[] {
  const media = run(
    join(root, 'switch/media.sh'),
    [],
    {
      DIALTONE_RTPENGINE: `127.0.0.1:${p.ng}`,
      DIALTONE_MEDIA_PORTS: `${p.media}-${p.media + 99}`,
      // Each call's packet counts when it ends, which the tests read.
      DIALTONE_MEDIA_LOG_LEVEL: '6',
    },
    join(work, 'rtpengine.log'),
  );
  const kamailio = run(
    join(root, 'switch/start.sh'),
    [],
    {
      DIALTONE_DATA_DIR: server.dataDir,
      DIALTONE_API_URL: server.baseUrl,
      DIALTONE_SIP_LISTEN: `127.0.0.1:${p.sip}`,
      DIALTONE_SIP_WS_LISTEN: `127.0.0.1:${p.ws}`,
      DIALTONE_SWITCH_RPC: `127.0.0.1:${p.rpc}`,
      DIALTONE_CARRIER: `127.0.0.1:${p.carrier}`,
      DIALTONE_CARRIER_INBOUND: `127.0.0.1:${p.carrierIn}`,
      DIALTONE_RTPENGINE: `127.0.0.1:${p.ng}`,
      DIALTONE_SIP_WORKDIR: join(work, 'kamailio'),
      DIALTONE_SIP_CHILDREN: '2',
      DIALTONE_SIP_ASYNC_WORKERS: '4',
      DIALTONE_SIP_SHM_MB: '64',
    },
    join(work, 'kamailio.log'),
  );
  if (loop) return [media, kamailio];
  const carrier = run(
    'sipp',
    [
      '-sf',
      join(root, 'switch/sipp/answer.xml'),
      '-i',
      '127.0.0.1',
      '-p',
      `${p.carrier}`,
      '-mi',
      '127.0.0.1',
      '-rtp_echo',
      '-nostdin',
      '-bind_local',
      '-trace_msg',
      '-message_file',
      join(work, 'carrier.log'),
    ],
    {},
    join(work, 'sipp.log'),
  );
  return [media, kamailio, carrier];
}

/**
 * `loop`: the carrier sends every call back to the switch as an inbound call (what the
 * network does with a call to one of Dialtone's own numbers), and the server's IVR
 * endpoint runs; otherwise SIPp answers every call.
 */
export async function startPhoneSwitch(loop = false): Promise<PhoneSwitch> {
  const p = await ports();
  const server = await startServer({
    DIALTONE_IVR_SIP_ADDR: loop ? `127.0.0.1:${await freePort()}` : 'off',
    DIALTONE_SIGNUPS_PER_HOUR: '1000',
    DIALTONE_SIP_WS_URL: `ws://127.0.0.1:${p.ws}`,
  });
  const work = mkdtempSync(join(tmpdir(), 'dialtone-phone-'));
  const children = telephony(server, p, work, loop);
  const carrier = loop ? startLoopCarrier(p.carrier, p.carrierIn, p.sip) : null;
  const stop = () => {
    carrier?.stop();
    for (const c of children) c.kill('SIGTERM');
    server.stop();
    if (process.env.E2E_KEEP) console.error(`telephony logs kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitFor('the switch', () => {
      try {
        return readFileSync(join(work, 'kamailio.log'), 'utf8').includes('Listening on');
      } catch {
        return false;
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
  } catch (e) {
    stop();
    throw e;
  }
  const carrierTrace = () => readText(join(work, 'carrier.log'));
  const mediaLog = () => readText(join(work, 'rtpengine.log'));
  // Where the media relay's log stands now: relayedPackets(mark) then counts only the
  // calls offered after it, whenever an earlier call's final stats land.
  const mediaMark = () => mediaLog().length;
  const relayedPackets = (since = 0) => {
    const log = mediaLog();
    // Each line of a call carries its Call-ID: "INFO: [call-id]: ..." (or "[call-id/tag]").
    const callOf = (line: string) => /\[([^\]/]+)[^\]]*\]: /.exec(line)?.[1];
    const offered = new Set(
      log
        .slice(since)
        .split('\n')
        .filter((line) => line.includes("Received command 'offer'"))
        .map(callOf),
    );
    const legs: { protocol: string; packets: number }[] = [];
    let protocol = '';
    for (const line of log.split('\n')) {
      if (!offered.has(callOf(line))) continue;
      const media = /Media #\d+ \(audio over ([^)]+)\)/.exec(line);
      if (media) protocol = media[1];
      const port = /--- Port .*?, (\d+) p,/.exec(line);
      if (port && !line.includes('(RTCP)')) legs.push({ protocol, packets: Number(port[1]) });
    }
    return legs;
  };
  const carrierCall = (from: string, to: string, talkMs: number) =>
    new Promise<number | null>((ok) => {
      const sipp = run(
        'sipp',
        [
          `127.0.0.1:${p.sip}`,
          ...['-sf', join(root, 'switch/sipp/inbound.xml'), '-s', 'carrier'],
          ...['-key', 'from', from, '-key', 'to', to, '-d', `${talkMs}`],
          ...['-i', '127.0.0.1', '-p', `${p.carrierIn}`, '-mi', '127.0.0.1', '-rtp_echo'],
          ...['-m', '1', '-nostdin', '-aa', '-timeout', '40s', '-timeout_error', '-bind_local'],
        ],
        {},
        join(work, 'carrier-in.log'),
      );
      children.push(sipp);
      sipp.on('exit', (code) => ok(code));
    });
  // switch/media.sh execs rtpengine: the child's pid is rtpengine's.
  const mediaCpuSeconds = () => {
    const stat = readText(`/proc/${children[0].pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return {
    baseUrl: server.baseUrl,
    carrierTrace,
    carrierCall,
    mediaCpuSeconds,
    mediaMark,
    relayedPackets,
    stop,
  };
}
