// A server of its own for the SMS-over-SMPP browser test: the real server binary with
// DIALTONE_SMS_PROVIDER=smpp, bound to the SMSC simulator (switch/smsc/smsc.js, on the
// published smpp npm package), each on free loopback ports with a fresh database and
// demo data. The shared e2e server keeps its loopback carrier for the other suites.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, waitReady } from './global-setup';

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
  const [smppPort, controlPort, port] = [await freePort(), await freePort(), await freePort()];
  const smsc = await startSmsc(smppPort, controlPort);
  const dataDir = mkdtempSync(join(tmpdir(), 'dialtone-e2e-smpp-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(join(root, 'target/debug/dialtone-server'), [], {
    env: {
      ...process.env,
      BIND: `127.0.0.1:${port}`,
      DIALTONE_DATA_DIR: dataDir,
      DIALTONE_STATIC_DIR: join(root, 'app/dist'),
      DIALTONE_PUBLIC_URL: baseUrl,
      DIALTONE_DEMO: '1',
      // No calls here: the shared e2e server already holds the IVR endpoint's port.
      DIALTONE_IVR_SIP_ADDR: 'off',
      DIALTONE_SMS_PROVIDER: 'smpp',
      DIALTONE_SMPP_ADDR: `127.0.0.1:${smppPort}`,
      DIALTONE_SMPP_SYSTEM_ID: SYSTEM_ID,
      DIALTONE_SMPP_PASSWORD: PASSWORD,
      DATABASE_URL: '',
      RUST_LOG: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    smsc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
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
    await waitReady(baseUrl, server);
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
  return { baseUrl, control, stop };
}
