import { Badge, type BadgeTone } from '../../../components/ui/badge';

const tones: Record<string, BadgeTone> = {
  active: 'green',
  pending: 'yellow',
  suspended: 'red',
};

export function UserStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'gray'}>{status}</Badge>;
}
