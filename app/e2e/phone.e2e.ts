// The browser phone: a real Chromium with a fake microphone calls through Kamailio's
// WebSocket, rtpengine bridges its DTLS-SRTP to the carrier's plain RTP (SIPp, which
// answers and echoes), and the call is billed like a desk phone's.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../chromium.mjs';
import { DEMO_ADMIN, uniqueEmail } from './api';
import { startPhoneSwitch, type PhoneSwitch } from './phone-switch';

const PASSWORD = 'phone-e2e-pass-1';
const CALLED = '+447700900123';

let phone: PhoneSwitch;
let browser: Browser;

/** Two seconds of a 440 Hz tone, 8 kHz 16-bit mono: the fake microphone's audio. */
function toneWav(): string {
  const rate = 8000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  const path = join(mkdtempSync(join(tmpdir(), 'dialtone-wav-')), 'tone.wav');
  writeFileSync(path, Buffer.concat([header, data]));
  return path;
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${phone.baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const token = async (email: string, password: string) =>
  (await call<{ accessToken: string }>('POST', '/auth/login', { email, password })).accessToken;

/** A client with $20 and a US number, made through the API. */
async function clientWithNumber(): Promise<{ email: string; token: string; number: string }> {
  const email = uniqueEmail('e2e-phone');
  const { user } = await call<{ user: { id: number } }>('POST', '/auth/signup', {
    name: 'Phoebe Caller',
    email,
    password: PASSWORD,
  });
  const admin = await token(DEMO_ADMIN.email, DEMO_ADMIN.password);
  await call(
    'POST',
    `/admin/balances/${user.id}/adjust`,
    { type: 'credit', amount: '20', reason: 'e2e' },
    admin,
  );
  const own = await token(email, PASSWORD);
  const {
    numbers: [offer],
  } = await call<{ numbers: { id: number; number: string }[] }>(
    'GET',
    '/numbers/available?country=US&type=mobile',
    undefined,
    own,
  );
  await call('POST', '/numbers/purchase', { numberId: offer.id }, own);
  return { email, token: own, number: offer.number };
}

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: phone.baseUrl });
  const page = await context.newPage();
  if (process.env.E2E_KEEP) page.on('console', (m) => console.error(`page: ${m.text()}`));
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${phone.baseUrl}/`);
  return { context, page };
}

beforeAll(async () => {
  phone = await startPhoneSwitch();
  browser = await launchChromium([
    '--headless',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-audio-capture=${toneWav()}`,
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  phone?.stop();
});

describe('the browser phone', () => {
  test('calls a number from the page, talks, hangs up, and the call is billed', async () => {
    const client = await clientWithNumber();
    const { context, page } = await signedIn(client.email);
    await page.goto('/client/phone');
    await page.getByText('Ready to call').waitFor({ timeout: 20_000 });
    await page.getByLabel('Number to call').fill(CALLED);
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    await page.getByText('Connected').waitFor({ timeout: 20_000 });
    await page.getByText(/\$[\d.]+\/min to United Kingdom/).waitFor();
    await page.waitForTimeout(3000);
    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByRole('button', { name: 'Call', exact: true }).waitFor();

    // The carrier got the account's number as caller ID, and the audio went both ways:
    // the fake microphone's over DTLS-SRTP to rtpengine, the carrier's echo back.
    expect(phone.carrierTrace()).toContain(`From: <sip:${client.number}@`);
    const legs = phone.relayedPackets();
    const browserLeg = legs.find((l) => l.protocol === 'UDP/TLS/RTP/SAVPF');
    const carrierLeg = legs.find((l) => l.protocol === 'RTP/AVP');
    expect(browserLeg?.packets).toBeGreaterThan(100);
    expect(carrierLeg?.packets).toBeGreaterThan(100);
    let calls: { items: { to: string; durationSeconds: number; cost: number }[] } = { items: [] };
    for (let i = 0; i < 50 && calls.items.length === 0; i++) {
      calls = await call('GET', '/calls?pageSize=5', undefined, client.token);
      if (calls.items.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(calls.items[0]?.to).toBe(CALLED);
    expect(calls.items[0]?.durationSeconds).toBeGreaterThanOrEqual(3);
    expect(calls.items[0]?.cost).toBeGreaterThan(0);
    await context.close();
  });
});
