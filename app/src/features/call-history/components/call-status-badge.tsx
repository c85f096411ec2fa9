import { Badge } from '../../../components/ui/feedback/badge';
import { statusLabels, statusTones } from './call-labels';

export function CallStatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTones[status] ?? 'gray'}>{statusLabels[status] ?? status}</Badge>;
}
