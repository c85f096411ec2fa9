import { api } from '../../../lib/api-client';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export function sendContactMessage(message: ContactMessage) {
  return api.post<{ message: string }>('/contact', message);
}
