import { api } from '../../../lib/api-client';

export function resetPassword(token: string, password: string) {
  return api.post<{ message?: string }>('/auth/reset-password', { token, password });
}
