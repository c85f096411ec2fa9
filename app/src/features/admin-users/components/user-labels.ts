import type { BadgeTone } from '../../../components/ui/badge';
import type { SelectOption } from '../../../components/ui/select-field';
import type { Role } from '../../../lib/auth-context';

export const statusFilterOptions: SelectOption[] = [
  { value: '', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'pending', label: 'Pending' },
];

export const roleFilterOptions: SelectOption[] = [
  { value: '', label: 'All Roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'client', label: 'Client' },
];

export const roleLabels: Record<Role, string> = { admin: 'Admin', client: 'Client' };

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
