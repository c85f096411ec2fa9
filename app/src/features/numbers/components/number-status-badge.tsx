import { Badge, type BadgeTone } from '../../../components/ui/feedback/badge';

const tones: Record<string, BadgeTone> = { active: 'green', expired: 'red', pending: 'yellow' };

export function NumberStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'gray'}>{status}</Badge>;
}
