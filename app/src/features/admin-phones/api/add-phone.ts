import { api } from '../../../lib/api-client';
import type { AdminPhone, PhoneType } from './get-phones';

export interface NewPhone {
  number: string;
  countryCode: string;
  type: PhoneType;
}

export function addPhone(phone: NewPhone) {
  return api.post<{ item: AdminPhone }>('/admin/phones', phone);
}
