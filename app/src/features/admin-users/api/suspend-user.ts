import { api } from '../../../lib/api-client';
import type { AdminUserItem } from './get-users';

/** Signs the user out everywhere and refuses new sign-ins until reactivated. */
export function suspendUser(userId: number) {
  return api.post<{ item: AdminUserItem }>(`/admin/users/${userId}/suspend`);
}
