import { useEffect } from 'react';
import { Alert } from '../../../components/ui/feedback/alert';
import { SelectField } from '../../../components/ui/forms/select-field';
import { AppPage } from '../../../components/ui/layout/app-page';
import { Section } from '../../../components/ui/layout/section';
import { AudioDevices } from '../components/audio-devices';
import { CallPanel } from '../components/call-panel';
import { Dialler } from '../components/dialler';
import { IncomingCall } from '../components/incoming-call';
import { usePhone } from '../lib/phone-context';
import type { PhoneStatus } from '../lib/use-browser-phone';

const statusText: Record<PhoneStatus, string> = {
  connecting: 'Connecting...',
  ready: 'Ready to call',
  offline: 'Offline: reconnecting...',
  unavailable: 'Unavailable',
};

export function PhonePage() {
  const { phone, microphone, setMicrophone, speaker, setSpeaker } = usePhone();
  const { call, creds } = phone;
  // The phone could not start before (no number yet, say): opening its page tries again.
  const { retry } = phone;
  const unavailable = phone.status === 'unavailable';
  useEffect(() => {
    if (unavailable) retry();
    // Once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <AppPage
      title="Phone"
      meta="Call from your browser with your Dialtone number."
      description="Calls from this page show your number, ring here when your number rings your devices, and are billed like any call."
    >
      <Section id="phone-heading" title="Phone" className="space-y-4 p-6">
        <p role="status" className="text-sm text-slate-600">
          {statusText[phone.status]}
        </p>
        {phone.notice && <Alert>{phone.notice}</Alert>}
        {creds && creds.callerIds.length > 1 && !call && (
          <SelectField
            label="Caller ID"
            value={creds.callerId}
            onChange={(e) => phone.setCallerId(e.target.value)}
            options={creds.callerIds.map((n) => ({ value: n, label: n }))}
          />
        )}
        {call?.incoming && !call.connected ? (
          <IncomingCall from={call.number} onAnswer={phone.answer} onDecline={phone.decline} />
        ) : call ? (
          <CallPanel
            call={call}
            callerId={creds?.callerId}
            onHangUp={phone.hangUp}
            onMute={phone.toggleMute}
            onDigit={phone.digit}
          />
        ) : (
          <Dialler ready={phone.status === 'ready'} onCall={(n) => void phone.dial(n)} />
        )}
      </Section>
      <Section id="audio-heading" title="Audio" className="space-y-4 p-6">
        <AudioDevices
          microphone={microphone}
          onMicrophone={setMicrophone}
          speaker={speaker}
          onSpeaker={setSpeaker}
        />
      </Section>
    </AppPage>
  );
}
