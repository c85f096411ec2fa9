// Messages through the Node SDK, and a status callback its validateRequest accepts.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import twilio from 'twilio';
import { BASE_URL, demoAccount } from './harness.mjs';

const destination = () => `+1415555${2000 + Math.floor(Math.random() * 7000)}`;

test('a message is sent, fetched and listed, its price a negative string', async () => {
  const { client, us, accountSid } = await demoAccount();
  const to = destination();
  const sent = await client.messages.create({ to, from: us, body: 'Hello from the Node SDK' });
  assert.ok(sent.sid.startsWith('SM') && sent.sid.length === 34, sent.sid);
  assert.equal(sent.accountSid, accountSid);
  const fetched = await client.messages(sent.sid).fetch();
  assert.deepEqual([fetched.to, fetched.from, fetched.body], [to, us, 'Hello from the Node SDK']);
  assert.ok(Number(fetched.price) < 0, fetched.price);
  const listed = await client.messages.list({ to, limit: 20 });
  assert.ok(listed.some((m) => m.sid === sent.sid));
});

test('a status callback arrives signed for validateRequest', async () => {
  const { client, us, authToken } = await demoAccount();
  const received = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, params: Object.fromEntries(new URLSearchParams(body)) });
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/sms-status`;
  try {
    await client.messages.create({ to: destination(), from: us, body: 'Tell me', statusCallback: url });
    for (let i = 0; i < 150 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 200));
    assert.ok(received.length > 0, `no callback from ${BASE_URL}`);
    const [first] = received;
    const valid = twilio.validateRequest(authToken, first.headers['x-twilio-signature'], url, first.params);
    assert.ok(valid, JSON.stringify(first));
  } finally {
    // Dialtone's webhook client keeps its connection open for reuse (reqwest's pool:
    // 90 s idle), and close() alone waits for it: this file's process outlived its
    // tests by 90 s once.
    server.close();
    server.closeAllConnections();
  }
});
