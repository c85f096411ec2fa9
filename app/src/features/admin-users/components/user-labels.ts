import type { BadgeTone } from '../../../components/ui/feedback/badge';
import { optionsOf } from '../../../components/ui/forms/select-field';
import type { Role } from '../../../lib/auth-context';

export const statusFilterOptions = optionsOf(
  { active: 'Active', suspended: 'Suspended', pending: 'Pending' },
  'All Status',
);

export const roleLabels: Record<Role, string> = { admin: 'Admin', client: 'Client' };

export const roleFilterOptions = optionsOf(roleLabels, 'All Roles');

/** A role as the API sends it (any text), in words. */
export function roleLabel(role: string): string {
  return (roleLabels as Partial<Record<string, string>>)[role] ?? role;
}

export const statusTones: Record<string, BadgeTone> = {
  active: 'green',
  pending: 'yellow',
  suspended: 'red',
};

/** The trial badge: "Trial, 5 days left", "Trial expired" or "Trial converted". */
export function trialLabel(trial: string, daysLeft?: number | null): string {
  if (trial === 'active') {
    const days = daysLeft ?? 0;
    return `Trial, ${days} day${days === 1 ? '' : 's'} left`;
  }
  return `Trial ${trial}`;
}
