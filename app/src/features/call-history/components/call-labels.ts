import type { BadgeTone } from '../../../components/ui/feedback/badge';
import { optionsOf } from '../../../components/ui/forms/select-field';
import type { CallStatus, CallType } from '../api/get-calls';

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

export const typeFilterOptions = optionsOf(directionLabels, 'All Types');

export const statusFilterOptions = optionsOf(statusLabels, 'All Status');

export const statusTones: Partial<Record<string, BadgeTone>> = {
  completed: 'green',
  failed: 'red',
  'no-answer': 'yellow',
} satisfies Record<CallStatus, BadgeTone>;
