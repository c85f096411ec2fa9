import type { Schema } from '../../../generated/api-types';
import { useApiGet } from '../../../lib/use-api-get';

export type SmsLinkPage = Schema<'SmsLinkPage'>;
export type SmsLink = Schema<'SmsLink'>;

export const smsLinkKey = ['admin', 'sms', 'link'] as const;

/** The carrier link as each server instance recorded it, and the queue waiting for it. */
export function useSmsLink() {
  return useApiGet<SmsLinkPage>(smsLinkKey, '/admin/sms/link', { staleTime: 0 });
}
