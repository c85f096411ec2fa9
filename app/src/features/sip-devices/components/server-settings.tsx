import { CopyButton } from '../../../components/ui/basics/copy-button';
import type { SipDevices } from '../api/get-devices';

type SipServer = SipDevices['server'];

/** The transports as a softphone names them: UDP, TCP, TLS, WS, WSS. */
export function transportNames(server: SipServer) {
  return server.transports.map((t) => t.toUpperCase()).join(', ');
}

/** "host:port", what most softphones take in their domain or server field. */
export function serverAddress(server: SipServer) {
  return server.port === 5060 ? server.host : `${server.host}:${server.port}`;
}

interface ServerSettingsProps {
  server: SipServer;
  /** The device's username and, right after creating it, its password. */
  username?: string;
  password?: string;
}

/** Everything a softphone asks for besides what is typed once, each with a copy button. */
export function ServerSettings({ server, username, password }: ServerSettingsProps) {
  const rows: Array<[string, string, boolean]> = [
    ['SIP server (domain)', server.host, true],
    ['Port', String(server.port), true],
    ['Transports', transportNames(server), false],
    ...(username ? [['Username', username, true] as [string, string, boolean]] : []),
    ...(password ? [['Password', password, true] as [string, string, boolean]] : []),
    ['Outbound proxy', server.outboundProxy ?? 'None (leave empty)', !!server.outboundProxy],
    ['Authentication realm', server.realm, true],
  ];
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr_auto] sm:items-center">
      {rows.map(([label, value, copy]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="font-mono break-all text-slate-900" data-testid={`sip-setting-${label}`}>
            {value}
          </dd>
          <dd>{copy ? <CopyButton value={value} what={label} /> : null}</dd>
        </div>
      ))}
    </dl>
  );
}
