import type { BadgeTone } from '../../../components/ui/badge';
import type { SelectOption } from '../../../components/ui/select-field';
import type { CallStatus, CallType } from '../api/get-calls';

export const typeFilterOptions: SelectOption[] = [
  { value: '', label: 'All Types' },
  { value: 'inbound', label: 'Inbound' },
  { value: 'outbound', label: 'Outbound' },
];

export const statusFilterOptions: SelectOption[] = [
  { value: '', label: 'All Status' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'no-answer', label: 'No Answer' },
];

export const directionLabels: Record<CallType, string> = {
  inbound: 'Inbound',
  outbound: 'Outbound',
};

export const statusLabels: Record<CallStatus, string> = {
  completed: 'Completed',
  failed: 'Failed',
  'no-answer': 'No Answer',
};

export const statusTones: Record<CallStatus, BadgeTone> = {
  completed: 'green',
  failed: 'red',
  'no-answer': 'yellow',
};

/** Seconds as "m:ss", or "h:mm:ss" from one hour on. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
