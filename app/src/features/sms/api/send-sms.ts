import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SmsInput } from '../../../lib/core';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { Schema } from '../../../lib/api-types';

export type SentSms = Schema<'SmsSent'>;

/** A message, and optionally which of the customer's active numbers sends it. */
export type SendSmsInput = SmsInput & { from?: string };

/** One click, one key: a retried request is sent and charged once. */
export function sendSms(input: SendSmsInput): Promise<SentSms> {
  return api.post<SentSms>('/sms', input, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}

export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSms,
    // A carrier failure (502) is recorded too, as a failed and refunded message.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['sms', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      // The Messages page: the list and the open thread show the new message.
      void queryClient.invalidateQueries({ queryKey: ['sms', 'conversations'] });
      void queryClient.invalidateQueries({ queryKey: ['sms', 'conversation'] });
    },
  });
}
