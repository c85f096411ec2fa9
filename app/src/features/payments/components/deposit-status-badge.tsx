import { Badge, type BadgeTone } from '../../../components/ui/feedback/badge';
import type { DepositStatus } from '../api/get-deposits';

interface Look {
  tone: BadgeTone;
  label: string;
}

const looks: Partial<Record<string, Look>> = {
  succeeded: { tone: 'green', label: 'Succeeded' },
  pending: { tone: 'yellow', label: 'Pending' },
  creating: { tone: 'yellow', label: 'Processing' },
  failed: { tone: 'red', label: 'Failed' },
} satisfies Record<DepositStatus, Look>;

export function DepositStatusBadge({ status }: { status: string }) {
  const look: Look = looks[status] ?? { tone: 'gray', label: status };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
