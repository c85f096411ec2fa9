// Starts the real server binary for the e2e run, one per worker, each on a free loopback
// port with a fresh SQLite database and demo data, serving the built app.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker, in the order of VITEST_POOL_ID (1, 2, ...). */
    servers: { baseUrl: string; dataDir: string }[];
  }
}

const root = resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitReady(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

/** A running server binary on a free port with a fresh database and the demo data. */
export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  stop: () => void;
}

/** Starts the server binary (`env` adds to or overrides its settings) and waits until ready. */
export async function startServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dialtone-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(join(root, 'target/debug/dialtone-server'), [], {
    env: {
      ...process.env,
      BIND: `127.0.0.1:${port}`,
      DIALTONE_DATA_DIR: dataDir,
      DIALTONE_STATIC_DIR: join(root, 'app/dist'),
      DIALTONE_PUBLIC_URL: baseUrl,
      DIALTONE_DEMO: '1',
      // The suite drives the admin area with the demo admin's password alone; the
      // two-factor test turns it back on for a server of its own.
      DIALTONE_ADMIN_TWO_FACTOR: 'off',
      // Background jobs (fraud detection among them) every 5 s rather than 30 s: a
      // test waits for one run, not half a minute.
      DIALTONE_JOB_INTERVAL_SECS: '5',
      // No IVR endpoint unless a test asks for one on a port of its own: two servers
      // on the default port, the second's could not listen.
      DIALTONE_IVR_SIP_ADDR: 'off',
      DATABASE_URL: '',
      RUST_LOG: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(baseUrl, server);
  } catch (e) {
    stop();
    throw e;
  }
  return { baseUrl, dataDir, stop };
}

/**
 * Test files run two at a time (the phone's calls, the switch and the timers leave the
 * cores idle about 40% of a one-at-a-time run), each worker against a server of its own:
 * files change prices, settings and rates that a file beside them reads, and one after
 * the other on one server they never meet.
 */
export const E2E_WORKERS = 2;

export default async function setup(project: TestProject) {
  // A server per worker the config allows (E2E_WORKERS for the suite, one for the tour).
  // Every suite signs up its own users, all from 127.0.0.1.
  const servers = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, () =>
      startServer({ DIALTONE_SIGNUPS_PER_HOUR: '1000' }),
    ),
  );
  project.provide(
    'servers',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  return () => servers.forEach((server) => server.stop());
}
