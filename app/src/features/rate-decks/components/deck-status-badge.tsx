import { Badge, type BadgeTone } from '../../../components/ui/feedback/badge';

/** The server's statuses; `live` is the deck that rates calls now. */
const statuses: Record<string, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'blue' },
  scheduled: { label: 'Scheduled', tone: 'yellow' },
  live: { label: 'In force', tone: 'green' },
  superseded: { label: 'Superseded', tone: 'gray' },
};

export function DeckStatusBadge({ status }: { status: string }) {
  const shown = statuses[status] ?? { label: status, tone: 'gray' as const };
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}
