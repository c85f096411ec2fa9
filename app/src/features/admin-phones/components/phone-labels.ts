import type { BadgeTone } from '../../../components/ui/badge';
import type { SelectOption } from '../../../components/ui/select-field';

export const typeLabels: Record<string, string> = {
  mobile: 'Mobile',
  landline: 'Landline',
  tollfree: 'Toll-Free',
};

export const typeOptions: SelectOption[] = Object.entries(typeLabels).map(([value, label]) => ({
  value,
  label,
}));

export const typeFilterOptions: SelectOption[] = [
  { value: '', label: 'All Types' },
  ...typeOptions,
];

export const statusFilterOptions: SelectOption[] = [
  { value: '', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'reserved', label: 'Reserved' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'available', label: 'Available' },
  { value: 'expired', label: 'Expired' },
];

export const statusTones: Record<string, BadgeTone> = {
  active: 'green',
  reserved: 'yellow',
  inactive: 'red',
  available: 'gray',
  expired: 'red',
};
