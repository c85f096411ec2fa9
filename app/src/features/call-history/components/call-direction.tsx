import { PhoneIncoming, PhoneOutgoing } from 'lucide-react';
import { directionLabels } from './call-labels';

/** The direction icon with the number, and the direction in words for everyone. */
export function CallDirection({ type, number }: { type: string; number: string }) {
  const Icon = type === 'inbound' ? PhoneIncoming : PhoneOutgoing;
  return (
    <div className="flex items-center gap-3">
      <span
        className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
          type === 'inbound' ? 'bg-green-50 text-green-700' : 'bg-brand-50 text-brand-700'
        }`}
        data-direction={type}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{number}</p>
        <p className="text-xs text-slate-500">{directionLabels[type] ?? type}</p>
      </div>
    </div>
  );
}
