import { Badge } from '../../../components/ui/badge';
import type { CallStatus } from '../api/get-calls';
import { statusLabels, statusTones } from './call-labels';

export function CallStatusBadge({ status }: { status: CallStatus }) {
  return <Badge tone={statusTones[status] ?? 'gray'}>{statusLabels[status] ?? status}</Badge>;
}
