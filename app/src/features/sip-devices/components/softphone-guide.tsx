import type { SipDevices } from '../api/get-devices';
import { serverAddress, transportNames } from './server-settings';

type SipServer = SipDevices['server'];

/** Where each common softphone takes the settings above, and what "registered" looks like. */
function steps(server: SipServer): Array<{ name: string; where: string; fields: string }> {
  const address = serverAddress(server);
  const transport = server.transports.includes('udp') ? 'UDP' : transportNames(server);
  return [
    {
      name: 'Linphone',
      where: 'Assistant > Use a SIP account',
      fields: `Username, Password, Domain ${address}, Transport ${transport}. Leave Display name as you like.`,
    },
    {
      name: 'Zoiper',
      where: 'Settings > Accounts > Add account > Manual configuration > SIP',
      fields: `Domain ${address}, Username, Password; under Optional settings, Authentication user is the username and Outbound proxy ${server.outboundProxy ?? 'stays empty'}. Transport ${transport}.`,
    },
    {
      name: 'MicroSIP',
      where: 'Menu > Add Account',
      fields: `SIP Server ${address}, SIP Proxy ${server.outboundProxy ?? 'empty'}, Username and Login the username, Password, Domain ${address}, Transport ${transport}.`,
    },
  ];
}

export function SoftphoneGuide({ server }: { server: SipServer }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <ul className="space-y-2">
        {steps(server).map((s) => (
          <li key={s.name}>
            <span className="font-semibold text-slate-900">{s.name}</span>: {s.where}. {s.fields}
          </li>
        ))}
      </ul>
      <p>
        Once the phone has registered, its status here turns to <strong>Registered</strong> with the
        address it registered from (within 30 seconds). A phone that cannot register shows a 403
        after wrong passwords: too many from one address block it for five minutes.
      </p>
    </div>
  );
}
