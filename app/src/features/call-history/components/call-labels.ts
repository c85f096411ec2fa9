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

// Keyed by the API's text (any string on the wire), covering every value the app knows.
export const directionLabels: Partial<Record<string, string>> = {
  inbound: 'Inbound',
  outbound: 'Outbound',
} satisfies Record<CallType, string>;

export const statusLabels: Partial<Record<string, string>> = {
  completed: 'Completed',
  failed: 'Failed',
  'no-answer': 'No Answer',
} satisfies Record<CallStatus, string>;

export const statusTones: Partial<Record<string, BadgeTone>> = {
  completed: 'green',
  failed: 'red',
  'no-answer': 'yellow',
} satisfies Record<CallStatus, BadgeTone>;
