import { Badge, type BadgeTone } from '../../../components/ui/badge';
import type { DepositStatus } from '../api/get-deposits';

const looks: Record<DepositStatus, { tone: BadgeTone; label: string }> = {
  succeeded: { tone: 'green', label: 'Succeeded' },
  pending: { tone: 'yellow', label: 'Pending' },
  creating: { tone: 'yellow', label: 'Processing' },
  failed: { tone: 'red', label: 'Failed' },
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const look = looks[status] ?? { tone: 'gray', label: status };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
