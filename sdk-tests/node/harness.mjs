// What the Node SDK tests share: the official twilio package, unmodified, its requests
// sent to the Dialtone server through the SDK's documented extension point (a
// RequestClient of our own), and the demo client's credentials from Dialtone's API.
import twilio from 'twilio';

export const BASE_URL = (process.env.DIALTONE_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const DEMO = { email: 'client@dialtone.test', password: 'client123' };

/** Sends the SDK's requests for https://*.twilio.com to Dialtone; refuses anything else. */
class DialtoneRequestClient extends twilio.RequestClient {
  request(opts) {
    const url = new URL(opts.uri);
    if (url.hostname === 'twilio.com' || url.hostname.endsWith('.twilio.com')) {
      return super.request({ ...opts, uri: `${BASE_URL}${url.pathname}${url.search}` });
    }
    if (!opts.uri.startsWith(BASE_URL)) throw new Error(`the SDK asked for ${opts.uri}`);
    return super.request(opts);
  }
}

async function api(path, { method = 'GET', token, body } = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

let account;

/** The demo client's Account SID, auth token and an SDK client (signed in once). */
export async function demoAccount() {
  if (account) return account;
  const login = await api('/api/auth/login', { method: 'POST', body: DEMO });
  const token = login.accessToken;
  const { accountSid } = await api('/api/developer', { token });
  const { authToken } = await api('/api/developer/auth-token/reveal', {
    method: 'POST',
    token,
    body: { password: DEMO.password },
  });
  const client = twilio(accountSid, authToken, { httpClient: new DialtoneRequestClient() });
  const numbers = await client.incomingPhoneNumbers.list();
  const us = numbers.map((n) => n.phoneNumber).find((n) => n.startsWith('+1'));
  account = { accountSid, authToken, client, us };
  return account;
}

/** Runs `call` and returns the RestException it throws (fails when it throws none). */
export async function refusal(call) {
  try {
    await call();
  } catch (e) {
    return e;
  }
  throw new Error('expected the API to refuse');
}
