import { Badge } from '../../../components/ui/feedback/badge';
import { statusTones } from '../../admin-users/components/user-labels';

/** An account's status (active, pending, suspended) as a coloured badge. */
export function UserStatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTones[status] ?? 'gray'}>{status}</Badge>;
}
