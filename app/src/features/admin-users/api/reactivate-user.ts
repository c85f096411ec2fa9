import { api } from '../../../lib/api-client';
import type { AdminUserItem } from './get-users';

export function reactivateUser(userId: number) {
  return api.post<{ item: AdminUserItem }>(`/admin/users/${userId}/reactivate`);
}
