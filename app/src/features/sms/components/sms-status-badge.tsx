import { Badge, type BadgeTone } from '../../../components/ui/feedback/badge';
import type { SmsStatus } from '../api/get-messages';

const tones: Partial<Record<string, BadgeTone>> = {
  delivered: 'green',
  sent: 'green',
  queued: 'yellow',
  sending: 'yellow',
  undelivered: 'red',
  failed: 'red',
} satisfies Record<SmsStatus, BadgeTone>;

export function SmsStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'gray'}>{status}</Badge>;
}
