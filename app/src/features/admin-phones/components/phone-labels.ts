import type { BadgeTone } from '../../../components/ui/feedback/badge';
import { optionsOf } from '../../../components/ui/forms/select-field';

export const typeLabels: Record<string, string> = {
  mobile: 'Mobile',
  landline: 'Landline',
  tollfree: 'Toll-Free',
};

export const typeOptions = optionsOf(typeLabels);

export const typeFilterOptions = optionsOf(typeLabels, 'All Types');

export const statusFilterOptions = optionsOf(
  {
    active: 'Active',
    reserved: 'Reserved',
    inactive: 'Inactive',
    available: 'Available',
    expired: 'Expired',
  },
  'All Status',
);

export const statusTones: Record<string, BadgeTone> = {
  active: 'green',
  reserved: 'yellow',
  inactive: 'red',
  available: 'gray',
  expired: 'red',
};
