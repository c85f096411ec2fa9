/** The languages the documentation shows, in its tabs' order. */
export const exampleLanguages = [
  { id: 'curl', label: 'curl' },
  { id: 'python', label: 'Python' },
  { id: 'node', label: 'Node.js' },
] as const;

export type ExampleLanguage = (typeof exampleLanguages)[number]['id'];

// Sample numbers: `To` any mobile number, `From` one of the account's own numbers.
const TO = '+14155550100';
const FROM = '+14155550199';
const BODY = 'Hello from Dialtone';

/** The path of the account's messages on the Twilio-compatible REST API. */
export function messagesPath(accountSid: string): string {
  return `/2010-04-01/Accounts/${accountSid}/Messages.json`;
}

/** The path of the account's calls. */
export function callsPath(accountSid: string): string {
  return `/2010-04-01/Accounts/${accountSid}/Calls.json`;
}

// What a placed call runs once answered.
const TWIML = '<Response><Say>Hello from Dialtone</Say></Response>';

function curl(base: string, accountSid: string): string {
  const url = `${base}${messagesPath(accountSid)}`;
  return `# An API key's SID and secret (or your Account SID and Auth Token)
export DIALTONE_API_KEY="SK..."
export DIALTONE_API_SECRET="..."

# Send an SMS
curl -X POST "${url}" \\
  -u "$DIALTONE_API_KEY:$DIALTONE_API_SECRET" \\
  --data-urlencode "To=${TO}" \\
  --data-urlencode "From=${FROM}" \\
  --data-urlencode "Body=${BODY}"

# List messages, 20 per page
curl -G "${url}" \\
  -u "$DIALTONE_API_KEY:$DIALTONE_API_SECRET" \\
  --data-urlencode "PageSize=20"

# Place a call that says hello when answered (or Url=https://... for your TwiML app)
curl -X POST "${base}${callsPath(accountSid)}" \\
  -u "$DIALTONE_API_KEY:$DIALTONE_API_SECRET" \\
  --data-urlencode "To=${TO}" \\
  --data-urlencode "From=${FROM}" \\
  --data-urlencode "Twiml=${TWIML}"
`;
}

function python(base: string, accountSid: string): string {
  return `# pip install twilio
import os

from twilio.http.http_client import TwilioHttpClient
from twilio.rest import Client

DIALTONE = "${base}"
ACCOUNT_SID = "${accountSid}"


class DialtoneHttpClient(TwilioHttpClient):
    """Sends the SDK's requests to Dialtone instead of api.twilio.com."""

    def request(self, method, url, *args, **kwargs):
        url = url.replace("https://api.twilio.com", DIALTONE, 1)
        return super().request(method, url, *args, **kwargs)


client = Client(
    os.environ["DIALTONE_API_KEY"],  # SK... (or your Account SID)
    os.environ["DIALTONE_API_SECRET"],  # the key's secret (or your Auth Token)
    ACCOUNT_SID,
    http_client=DialtoneHttpClient(),
)

# Send an SMS
message = client.messages.create(to="${TO}", from_="${FROM}", body="${BODY}")
print(message.sid, message.status)

# List messages
for message in client.messages.list(limit=20):
    print(message.sid, message.to, message.status)

# Place a call that runs TwiML when answered
from twilio.twiml.voice_response import VoiceResponse

twiml = VoiceResponse()
twiml.say("Hello from Dialtone")
call = client.calls.create(to="${TO}", from_="${FROM}", twiml=str(twiml))
print(call.sid, call.status)
`;
}

function node(base: string, accountSid: string): string {
  return `// npm install twilio
const twilio = require('twilio');

const DIALTONE = '${base}';
const ACCOUNT_SID = '${accountSid}';

// Sends the SDK's requests to Dialtone instead of api.twilio.com.
class DialtoneRequestClient extends twilio.RequestClient {
  request(opts) {
    return super.request({ ...opts, uri: opts.uri.replace('https://api.twilio.com', DIALTONE) });
  }
}

const client = twilio(
  process.env.DIALTONE_API_KEY, // SK... (or your Account SID)
  process.env.DIALTONE_API_SECRET, // the key's secret (or your Auth Token)
  { accountSid: ACCOUNT_SID, httpClient: new DialtoneRequestClient() },
);

async function main() {
  // Send an SMS
  const message = await client.messages.create({
    to: '${TO}',
    from: '${FROM}',
    body: '${BODY}',
  });
  console.log(message.sid, message.status);

  // List messages
  const messages = await client.messages.list({ limit: 20 });
  for (const m of messages) console.log(m.sid, m.to, m.status);

  // Place a call that runs TwiML when answered
  const twiml = new twilio.twiml.VoiceResponse();
  twiml.say('Hello from Dialtone');
  const call = await client.calls.create({ to: '${TO}', from: '${FROM}', twiml: twiml.toString() });
  console.log(call.sid, call.status);
}

main().catch(console.error);
`;
}

const builders: Record<ExampleLanguage, (base: string, accountSid: string) => string> = {
  curl,
  python,
  node,
};

/** A copy-paste example that sends an SMS, lists messages and places a call that runs
 * TwiML, for this server and account. */
export function apiExample(language: ExampleLanguage, base: string, accountSid: string): string {
  return builders[language](base.replace(/\/+$/, ''), accountSid);
}
