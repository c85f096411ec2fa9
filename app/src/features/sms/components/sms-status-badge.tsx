import { Badge, type BadgeTone } from '../../../components/ui/badge';
import type { SmsStatus } from '../api/get-messages';

const tones: Record<SmsStatus, BadgeTone> = {
  delivered: 'green',
  sent: 'green',
  sending: 'yellow',
  failed: 'red',
};

export function SmsStatusBadge({ status }: { status: SmsStatus }) {
  return <Badge tone={tones[status] ?? 'gray'}>{status}</Badge>;
}
