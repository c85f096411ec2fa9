import { describe, expect, it } from 'vitest';
import { apiExample, exampleLanguages } from './api-examples';

const SID = 'AC0123456789abcdef0123456789abcdef';
const BASE = 'https://dialtone.example';

describe('API examples', () => {
  it('send an SMS to this server with To, From and Body, authenticated with HTTP Basic', () => {
    const curl = apiExample('curl', `${BASE}/`, SID);
    expect(curl).toContain(`curl -X POST "${BASE}/2010-04-01/Accounts/${SID}/Messages.json"`);
    expect(curl).toContain('-u "$DIALTONE_API_KEY:$DIALTONE_API_SECRET"');
    for (const field of ['To=', 'From=', 'Body=']) {
      expect(curl).toContain(`--data-urlencode "${field}`);
    }
    expect(curl).toContain(`curl -G "${BASE}/2010-04-01/Accounts/${SID}/Messages.json"`);
  });

  it('point the official SDKs at this server through their custom HTTP client', () => {
    const python = apiExample('python', BASE, SID);
    expect(python).toContain('from twilio.http.http_client import TwilioHttpClient');
    expect(python).toContain('class DialtoneHttpClient(TwilioHttpClient):');
    expect(python).toContain(`url.replace("https://api.twilio.com", DIALTONE, 1)`);
    expect(python).toContain('http_client=DialtoneHttpClient()');
    expect(python).toContain(`ACCOUNT_SID = "${SID}"`);
    expect(python).toContain(`DIALTONE = "${BASE}"`);
    expect(python).toContain('client.messages.create(to=');
    expect(python).toContain('client.messages.list(limit=20)');

    const node = apiExample('node', BASE, SID);
    expect(node).toContain('class DialtoneRequestClient extends twilio.RequestClient');
    expect(node).toContain(`opts.uri.replace('https://api.twilio.com', DIALTONE)`);
    expect(node).toContain('{ accountSid: ACCOUNT_SID, httpClient: new DialtoneRequestClient() }');
    expect(node).toContain(`const ACCOUNT_SID = '${SID}';`);
    expect(node).toContain('client.messages.list({ limit: 20 })');
  });

  it('place a call that runs TwiML, in each language', () => {
    const curl = apiExample('curl', BASE, SID);
    expect(curl).toContain(`curl -X POST "${BASE}/2010-04-01/Accounts/${SID}/Calls.json"`);
    expect(curl).toContain(
      '--data-urlencode "Twiml=<Response><Say>Hello from Dialtone</Say></Response>"',
    );
    const python = apiExample('python', BASE, SID);
    expect(python).toContain('from twilio.twiml.voice_response import VoiceResponse');
    expect(python).toContain('client.calls.create(to=');
    const node = apiExample('node', BASE, SID);
    expect(node).toContain('new twilio.twiml.VoiceResponse()');
    expect(node).toContain('client.calls.create({');
  });

  it('has one example per language', () => {
    for (const { id } of exampleLanguages) {
      expect(apiExample(id, BASE, SID)).toContain(SID);
    }
  });
});
