import { api } from '../../../lib/api-client';

export function requestPasswordReset(email: string) {
  return api.post<{ message?: string }>('/auth/forgot-password', { email });
}
