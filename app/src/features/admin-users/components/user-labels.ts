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

export const statusTones: Record<string, BadgeTone> = {
  active: 'green',
  pending: 'yellow',
  suspended: 'red',
};
