import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { api, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import type { SmsInput } from '../../../lib/core';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { Schema } from '../../../generated/api-types';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

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
      void refreshAfterWrite(queryClient, { queryKey: ['sms', 'list'] });
      void refreshAfterWrite(queryClient, { queryKey: ['dashboard'] });
      // The Messages page: the list and the open thread show the new message.
      void refreshAfterWrite(queryClient, { queryKey: ['sms', 'conversations'] });
      void refreshAfterWrite(queryClient, { queryKey: ['sms', 'conversation'] });
    },
  });
}

/**
 * Sending from a form: the shortfall its message box shows (402: not enough money; 403: a
 * trial account texting a number it has not verified), a toast and the user's balance
 * fetched again once sent; any other failure is the form's to show (`onError`). A submit
 * while a message is still on its way sends nothing.
 */
export function useSmsFormSend() {
  const { refreshUser } = useAuth();
  const sender = useSendSms();
  const [shortfall, setShortfall] = useState<string | null>(null);
  function send(input: SendSmsInput, onSent: () => void, onError: (error: unknown) => void) {
    if (sender.isPending) return;
    setShortfall(null);
    sender.mutate(input, {
      onSuccess: () => {
        toast.success('Message sent');
        onSent();
        void refreshUser();
      },
      onError: (error) => {
        if (isApiError(error) && (error.status === 402 || error.status === 403)) {
          setShortfall(error.message);
        } else {
          onError(error);
        }
      },
    });
  }
  return { send, shortfall, pending: sender.isPending };
}
