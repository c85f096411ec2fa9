// A server of its own for the SMS-over-SMPP browser test: the real server binary with
// DIALTONE_SMS_PROVIDER=smpp, bound to the SMSC simulator (switch/smsc/smsc.js, on the
// published smpp npm package), each on free loopback ports with a fresh database and
// demo data. The shared e2e server keeps its loopback carrier for the other suites.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, startServer, type E2eServer } from './global-setup';

const root = resolve(import.meta.dirname, '..', '..');
const SYSTEM_ID = 'dialtone';
const PASSWORD = 'e2e-smsc';

export interface SmppServer {
  baseUrl: string;
  /** Calls the simulator's control port (JSON in and out). */
  control: <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;
  stop: () => void;
}

function startSmsc(smppPort: number, controlPort: number): Promise<ChildProcess> {
  const smsc = spawn(
    'node',
    [join(root, 'switch/smsc/smsc.js'), `${smppPort}`, `${controlPort}`, SYSTEM_ID, PASSWORD],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the SMSC simulator did not start')), 20_000);
    createInterface({ input: smsc.stdout! }).on('line', (line) => {
      if (line === 'ready') {
        clearTimeout(timer);
        ok(smsc);
      }
    });
    smsc.on('exit', (code) => fail(new Error(`the SMSC simulator exited with ${code}`)));
  });
}

export async function startSmppServer(): Promise<SmppServer> {
  const [smppPort, controlPort] = [await freePort(), await freePort()];
  const smsc = await startSmsc(smppPort, controlPort);
  let server: E2eServer;
  try {
    server = await startServer({
      DIALTONE_SMS_PROVIDER: 'smpp',
      DIALTONE_SMPP_ADDR: `127.0.0.1:${smppPort}`,
      DIALTONE_SMPP_SYSTEM_ID: SYSTEM_ID,
      DIALTONE_SMPP_PASSWORD: PASSWORD,
    });
  } catch (e) {
    smsc.kill('SIGTERM');
    throw e;
  }
  const stop = () => {
    server.stop();
    smsc.kill('SIGTERM');
  };
  const control = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${controlPort}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  try {
    // Bound before the test sends anything (the link connects as the server starts).
    for (let i = 0; ; i++) {
      const { bound } = await control<{ bound: number }>('GET', '/sessions');
      if (bound > 0) break;
      if (i > 200) throw new Error('the server never bound to the SMSC');
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (e) {
    stop();
    throw e;
  }
  return { baseUrl: server.baseUrl, control, stop };
}
