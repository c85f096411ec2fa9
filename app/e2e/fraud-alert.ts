// Raises a fraud alert on an account the way the switch would: twelve short calls to
// one range, authorized and recorded through the switch API, then waits (up to 45 s;
// the suite's job interval is 5 s) until the detection job has opened the alert.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { clientWithNumber } from './accounts';
import { api, DEMO_ADMIN, loginToken } from './api';
import { baseUrl, dataDir } from './browser';

async function switchApi(path: string, body: unknown): Promise<unknown> {
  const token = (await readFile(join(dataDir(), 'switch_token'), 'utf8')).trim();
  const r = await fetch(`${baseUrl()}/api/telephony/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  expect(r.status, text).toBe(200);
  return JSON.parse(text) as unknown;
}

/** A new client with a number whose calls look like a hijacked device's. */
export async function burstingClient(prefix: string): Promise<{ email: string; id: number }> {
  const { client, offer } = await clientWithNumber('Ivan Irsf', 'fraud-e2e-1', prefix, '20');
  const start = Date.now();
  for (let i = 0; i < 12; i += 1) {
    const callId = `e2e-irsf-${start}-${i}`;
    const call = { callId, direction: 'outbound', from: offer.number, to: `+1212555019${i % 10}` };
    await switchApi('authorize', call);
    await switchApi('cdr', {
      ...call,
      startedAt: new Date(start + i).toISOString(),
      answeredAt: new Date(start + i).toISOString(),
      endedAt: new Date(start + i + 9000).toISOString(),
      durationSeconds: 9,
      status: 'completed',
    });
  }
  const token = await loginToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (let waited = 0; waited < 45_000; waited += 1000) {
    const { alerts } = await api<{ alerts: Array<{ email: string }> }>(
      'GET',
      '/admin/fraud/alerts',
      undefined,
      token,
    );
    if (alerts.some((a) => a.email === client.email)) return client;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no fraud alert was raised on ${client.email}`);
}
