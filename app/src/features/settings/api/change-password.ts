import { api } from '../../../lib/api-client';

export type PasswordChange = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export function changePassword(change: PasswordChange) {
  return api.put<{ message?: string } | undefined>('/user/password', change);
}
