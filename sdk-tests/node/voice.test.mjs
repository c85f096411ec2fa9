// The voice surface through the Node SDK: calls.create with TwiML from the SDK's own
// VoiceResponse, update, refusals, recordings; numbers' voice settings. No carrier
// answers here (scripts/sdk-test.sh points the server's switch nowhere): a created call
// rings until the SDK cancels it. Answered calls are the server's SIPp tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import twilio from 'twilio';
import { demoAccount, refusal } from './harness.mjs';

const CALLEE = '+12125550199';
const sid = (value, prefix) => typeof value === 'string' && value.length === 34 && value.startsWith(prefix);

async function until(client, callSid, status) {
  for (let i = 0; i < 100; i++) {
    const call = await client.calls(callSid).fetch();
    if (call.status === status) return call;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the call never was ${status}`);
}

test('a call created with the SDK\'s TwiML, recorded, is queued, then canceled', async () => {
  const { client, us } = await demoAccount();
  const twiml = new twilio.twiml.VoiceResponse();
  twiml.say({ voice: 'woman', language: 'en-GB' }, 'Hello from the Node SDK');
  twiml.gather({ numDigits: 1, action: 'https://example.com/menu' }).say('Press one');
  const call = await client.calls.create({ to: CALLEE, from: us, twiml: twiml.toString(), timeout: 30, record: true });
  assert.ok(sid(call.sid, 'CA'), call.sid);
  assert.deepEqual([call.status, call.direction, call.to, call.from], ['queued', 'outbound-api', CALLEE, us]);
  const updated = await client.calls(call.sid).update({ status: 'canceled' });
  assert.equal(updated.sid, call.sid);
  await until(client, call.sid, 'canceled');
  const late = await refusal(() => client.calls(call.sid).update({ twiml: '<Response/>' }));
  assert.deepEqual([late.status, late.code], [400, 21220]);
});

test('calls.create refusals carry Twilio\'s codes', async () => {
  const { client, us } = await demoAccount();
  const cases = [
    [{ to: CALLEE, from: '+14155559876', url: 'https://example.com/voice' }, 21210],
    [{ to: '12', from: us, url: 'https://example.com/voice' }, 21211],
    [{ to: CALLEE, from: us, twiml: '<Response><Say>' }, 12100],
  ];
  for (const [params, code] of cases) {
    const e = await refusal(() => client.calls.create(params));
    assert.deepEqual([e.status, e.code], [400, code], e.message);
  }
  const unknown = await refusal(() => client.calls(`CA${'e'.repeat(32)}`).update({ status: 'completed' }));
  assert.deepEqual([unknown.status, unknown.code], [404, 20404]);
});

test('recordings list, and an unknown recording is 20404', async () => {
  const { client } = await demoAccount();
  assert.deepEqual(await client.recordings.list({ limit: 20 }), []);
  const e = await refusal(() => client.recordings(`RE${'a'.repeat(32)}`).fetch());
  assert.deepEqual([e.status, e.code], [404, 20404]);
});

test('a number\'s Voice URL, method and fallback and its SMS method are set and read back', async () => {
  const { client, us } = await demoAccount();
  const [line] = await client.incomingPhoneNumbers.list({ phoneNumber: us });
  const settings = {
    voiceUrl: 'https://app.example.com/voice',
    voiceMethod: 'GET',
    voiceFallbackUrl: 'https://backup.example.com/voice',
    smsMethod: 'GET',
  };
  try {
    const updated = await client.incomingPhoneNumbers(line.sid).update(settings);
    assert.deepEqual(
      [updated.voiceUrl, updated.voiceMethod, updated.voiceFallbackUrl, updated.smsMethod],
      Object.values(settings),
    );
    const fetched = await client.incomingPhoneNumbers(line.sid).fetch();
    assert.equal(fetched.voiceFallbackUrl, settings.voiceFallbackUrl);
  } finally {
    await client
      .incomingPhoneNumbers(line.sid)
      .update({ voiceUrl: '', voiceMethod: 'POST', voiceFallbackUrl: '', smsMethod: 'POST' });
  }
});
