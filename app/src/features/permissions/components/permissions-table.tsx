import { Badge, type BadgeTone } from '../../../components/ui/feedback/badge';
import { Button } from '../../../components/ui/basics/button';
import { rowHeaderColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { CountryCell } from '../../../components/ui/tables/table-cells';
import { rate } from '../../../lib/core';
import type { Channel, CountryPermission } from '../api/get-permissions';

type State = CountryPermission['voice'];

/** A rate, or why there is none: a country granted outside the price list. */
function priced(value: CountryPermission['smsRate']) {
  return value == null ? 'Not in the price list' : rate(value);
}

const tones: Record<string, BadgeTone> = { allowed: 'green', blocked: 'gray', requested: 'yellow' };

interface PermissionsTableProps {
  /** Which change is being saved, e.g. "voice:GB". */
  saving: string | null;
  onToggle: (country: CountryPermission, channel: Channel, allowed: boolean) => void;
  onAsk: (country: CountryPermission, channel: Channel) => void;
}

function ChannelCell({
  country,
  channel,
  props,
}: {
  country: CountryPermission;
  channel: Channel;
  props: PermissionsTableProps;
}) {
  const state: State = country[channel];
  const what = `${channel === 'voice' ? 'calls' : 'SMS'} to ${country.name}`;
  const busy = props.saving === `${channel}:${country.iso}`;
  const toggle = (allowed: boolean) => (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      onClick={() => props.onToggle(country, channel, allowed)}
    >
      {allowed ? 'Turn on ' : 'Turn off '}
      <span className="sr-only">{what}</span>
    </Button>
  );
  // A requested country waits for an administrator; one outside self-service is asked for.
  const action =
    state.status === 'allowed' ? (
      toggle(false)
    ) : state.status === 'requested' ? null : state.selfService ? (
      toggle(true)
    ) : (
      <Button variant="secondary" size="sm" onClick={() => props.onAsk(country, channel)}>
        Ask <span className="sr-only">for {what}</span>
      </Button>
    );
  return (
    <span className="flex items-center gap-2">
      <Badge tone={tones[state.status] ?? 'gray'}>{state.status}</Badge>
      {action}
    </span>
  );
}

export const PermissionsTable = listTable<CountryPermission, PermissionsTableProps>({
  caption: 'Countries you may call and text',
  rowKey: (c) => c.iso,
  minWidth: 'min-w-[44rem]',
  columns: (props) => [
    rowHeaderColumn(
      'Country',
      (c: CountryPermission) => (
        <CountryCell code={c.code} flag={c.flag} name={c.name} detail={`+${c.callingCode}`} />
      ),
      '',
    ),
    { header: 'Calls per minute', cell: (c) => priced(c.outboundRate) },
    {
      header: 'Calls',
      cell: (c) => <ChannelCell country={c} channel="voice" props={props} />,
    },
    { header: 'SMS per message', cell: (c) => priced(c.smsRate) },
    {
      header: 'SMS',
      cell: (c) => <ChannelCell country={c} channel="sms" props={props} />,
    },
  ],
});
