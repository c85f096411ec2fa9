import { Button } from '../../../components/ui/basics/button';
import { Badge, type BadgeTone } from '../../../components/ui/feedback/badge';
import { formatDate } from '../../../lib/format-date';
import type { MyPackage } from '../api/get-my-packages';

const tones: Record<string, BadgeTone> = { active: 'green', expired: 'red', used: 'gray' };

/** "Renews on", "Expires on" or "Expired on", as the plan stands. */
function endWord(item: MyPackage): string {
  if (item.status === 'expired') return 'Expired on';
  return item.renews ? 'Renews on' : 'Expires on';
}

interface MyPackageCardProps {
  item: MyPackage;
  /** Asks to stop a renewing plan renewing. */
  onCancelRenewal: () => void;
}

export function MyPackageCard({ item, onCancelRenewal }: MyPackageCardProps) {
  const headingId = `my-package-${item.id}`;
  const share = item.minutes > 0 ? (item.remainingMinutes / item.minutes) * 100 : 0;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {item.name}
          </h2>
          <p className="text-sm text-slate-600">{item.minutes} minutes</p>
        </div>
        <Badge tone={tones[item.status] ?? 'gray'}>{item.status}</Badge>
      </div>
      <div
        role="progressbar"
        aria-label={`${item.name} minutes remaining`}
        aria-valuemin={0}
        aria-valuemax={item.minutes}
        aria-valuenow={item.remainingMinutes}
        aria-valuetext={`${item.remainingMinutes} of ${item.minutes} minutes`}
        className="mt-4 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{item.remainingMinutes}</span> of{' '}
        {item.minutes} minutes remaining
      </p>
      <p className="mt-1 text-sm text-slate-500">
        {endWord(item)} <time dateTime={item.expiryDate}>{formatDate(item.expiryDate)}</time>
      </p>
      {item.renews && item.status !== 'expired' && (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          onClick={onCancelRenewal}
          aria-label={`Cancel renewal of ${item.name}`}
        >
          Cancel renewal
        </Button>
      )}
    </article>
  );
}
