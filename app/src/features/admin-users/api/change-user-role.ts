import { api } from '../../../lib/api-client';
import type { Role } from '../../../lib/auth-context';
import type { AdminUserItem } from './get-users';

export function changeUserRole(userId: number, role: Role) {
  return api.post<{ item: AdminUserItem }>(`/admin/users/${userId}/role`, { role });
}
