import { api } from '../../../lib/api-client';

export interface EmailMessage {
  subject: string;
  body: string;
}

export function sendUserEmail(userId: number, message: EmailMessage) {
  return api.post<{ message: string }>(`/admin/users/${userId}/email`, message);
}
