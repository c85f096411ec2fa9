// Arranging the browser phone's tests on their own server: accounts with numbers and
// money made through the API, the call records they end with, the fake microphone's
// audio, and what the telephony logs must show.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../chromium.mjs';
import { submitLogin } from './accounts';
import { DEMO_ADMIN, uniqueEmail } from './api';

export const PASSWORD = 'phone-e2e-pass-1';

/** Two seconds of a 440 Hz tone, 8 kHz 16-bit mono: the fake microphone's audio. */
export function toneWav(): string {
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

/**
 * Chromium whose fake microphone plays the tone; `allowed`: the page's microphone
 * request is granted without asking (otherwise headless Chromium refuses it).
 */
export function launchPhoneBrowser(allowed = true): Promise<Browser> {
  return launchChromium([
    '--headless',
    '--use-fake-device-for-media-stream',
    ...(allowed ? ['--use-fake-ui-for-media-stream'] : []),
    `--use-file-for-fake-audio-capture=${toneWav()}`,
  ]);
}

/** A new context of `browser` on `baseUrl`, signed in as `email` through the login form. */
export async function signedInAt(
  browser: Browser,
  baseUrl: string,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  if (process.env.E2E_KEEP) page.on('console', (m) => console.error(`page: ${m.text()}`));
  await submitLogin(page, email, PASSWORD);
  await page.waitForURL(`${baseUrl}/`);
  return { context, page };
}

/** rtpengine relayed a call's audio: the browser's over DTLS-SRTP, the carrier's echo. */
export function expectAudioBothWays(legs: { protocol: string; packets: number }[]) {
  const browserLeg = legs.find((l) => l.protocol === 'UDP/TLS/RTP/SAVPF');
  const carrierLeg = legs.find((l) => l.protocol === 'RTP/AVP');
  expect(browserLeg?.packets).toBeGreaterThan(100);
  expect(carrierLeg?.packets).toBeGreaterThan(100);
}

/** BYE requests in a SIPp trace. */
export const byes = (trace: string) => trace.match(/^BYE sip:/gm)?.length ?? 0;

export interface CallRecord {
  type: string;
  status: string;
  to: string;
  durationSeconds: number;
  cost: number;
}

/** The API of the server at `baseUrl`, as the tests arrange it. */
export function phoneApi(baseUrl: string) {
  async function call<T>(method: string, path: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const r = await fetch(`${baseUrl}/api${path}`, {
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

  /** The demo admin's token, signed in once. */
  let adminToken: Promise<string> | undefined;

  /** A client with a US number and `left` dollars after buying it. */
  async function clientWithNumber(
    left = '16.01',
  ): Promise<{ email: string; token: string; number: string; numberId: number }> {
    const email = uniqueEmail('e2e-phone');
    const { user } = await call<{ user: { id: number } }>('POST', '/auth/signup', {
      name: 'Phoebe Caller',
      email,
      password: PASSWORD,
    });
    adminToken ??= token(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const amount = (3.99 + Number(left)).toFixed(2);
    await call(
      'POST',
      `/admin/balances/${user.id}/adjust`,
      { type: 'credit', amount, reason: 'e2e' },
      await adminToken,
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
    return { email, token: own, number: offer.number, numberId: offer.id };
  }

  /** The account's one call record, once its CDR has come (ten seconds at most). */
  async function callRecord(accessToken: string): Promise<CallRecord> {
    for (let i = 0; i < 50; i++) {
      const path = '/calls?pageSize=5';
      const calls = await call<{ items: CallRecord[] }>('GET', path, undefined, accessToken);
      if (calls.items.length > 0) {
        expect(calls.items).toHaveLength(1);
        return calls.items[0];
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('no call record');
  }

  return { call, token, clientWithNumber, callRecord };
}

/** A WAV's length in seconds and loudness (RMS of its 16-bit samples). */
export function wavStats(wav: Buffer): { seconds: number; rms: number } {
  const data = wav.indexOf('data');
  const rate = wav.readUInt32LE(24);
  const samples = (wav.length - data - 8) / 2;
  let sum = 0;
  for (let i = 0; i < samples; i++) sum += wav.readInt16LE(data + 8 + i * 2) ** 2;
  return { seconds: samples / rate, rms: Math.sqrt(sum / Math.max(samples, 1)) };
}
